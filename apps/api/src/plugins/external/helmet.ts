import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { attributionConfig, originOf } from '../../modules/platform/client-config.ts';

/**
 * The headers `helmet` sets for these options, worked out once. None of ours depends on the
 * request (no CSP nonces, no directive functions), so there is nothing to recompute per request:
 * @fastify/helmet instead ran helmet's middleware on every request, parsing the CSP directives again
 * each time (~3% of the CPU of a cheap authenticated read).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet refuses bad options when the middleware is made; running it only sets headers
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers with a strict CSP: scripts only from our own origin (no inline script), images
 * from us plus data:/blob: (captcha SVG, camera previews), API calls to our own origin only.
 * Inline style attributes stay allowed because antd-mobile sets them from JavaScript.
 */
export default fp(
  async (app) => {
    // SH-16: only a production deployment with attribution on lets the SDK script and its reports
    // through; everywhere else the policy stays self-only (so the SDK could not load even by mistake).
    const attribution = attributionConfig(app.config);
    const sdkScript = attribution ? originOf(attribution.sdkUrl) : null;
    const sdkReports = attribution ? app.config.ATTRIBUTION_CONNECT_ORIGINS.split(/\s+/).filter(Boolean) : [];
    // issue 10: a tutorial hosted on a CDN (absolute URL) is allowed as media and poster image
    const tutorialOrigins = [app.config.TUTORIAL_VIDEO_URL, app.config.TUTORIAL_CAPTIONS_URL]
      .map((u) => originOf(u))
      .filter((o): o is string => !!o);
    const posterOrigin = originOf(app.config.TUTORIAL_POSTER_URL);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(sdkScript ? [sdkScript] : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(posterOrigin ? [posterOrigin] : [])],
          fontSrc: ["'self'", 'data:'],
          // the transcript reads the captions file itself, so a CDN for captions is a connect source too
          connectSrc: ["'self'", ...sdkReports, ...tutorialOrigins],
          mediaSrc: ["'self'", 'blob:', ...tutorialOrigins],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The app runs over plain http on localhost in development; HSTS (HSTS, on by default in
      // production, where the server sits behind TLS) tells browsers to use https only.
      strictTransportSecurity: app.config.HSTS
        ? { maxAge: app.config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
    });
    // on every answer, errors and 404s included; a route may still override one
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
