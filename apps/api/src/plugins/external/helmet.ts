import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers with a strict CSP: scripts only from our own origin (no inline script), images
 * from us plus data:/blob: (captcha SVG, camera previews), API calls to our own origin only.
 * Inline style attributes stay allowed because antd-mobile sets them from JavaScript.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
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
      strictTransportSecurity: app.config.HSTS ? { maxAge: app.config.HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
