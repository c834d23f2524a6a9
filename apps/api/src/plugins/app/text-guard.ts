import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

/** True when a string anywhere in a parsed JSON value (or query) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(
    ([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1),
  );
}

/**
 * PostgreSQL text cannot hold a NUL character: a string with one, stored anywhere, fails the
 * statement (a 500). No field of this API has a use for it, so it is refused at the edge, for every
 * route at once, as the bad input it is (400 VALIDATION_FAILED), before any handler runs. Except a
 * payment provider's webhook (`config.fromProvider`): refused, it would come again and again with
 * the money it reports never applied; its use case stores it through lib/without-nul.ts instead.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.routeOptions.config.fromProvider === true) return done();
      if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
        return done(new AppError('VALIDATION_FAILED'));
      done();
    });
  },
  { name: 'text-guard', dependencies: ['error-handler'] },
);
