import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { attributionConfig, originOf } from '../../modules/platform/client-config.ts';

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
    await app.register(helmet, {
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
  },
  { name: 'helmet' },
);
