import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

/**
 * True when a string anywhere in a parsed JSON value (or query) holds a NUL character or a lone
 * UTF-16 surrogate (`"\ud800"` is valid JSON; PostgreSQL refuses it in text and jsonb).
 */
function holdsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || !value.isWellFormed();
  if (depth > 64 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorable(v, depth + 1));
  // a loop over the keys, not Object.entries: this runs on every request (an empty query and
  // params included) and entries would build an array of pairs each time (issue 8)
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (holdsUnstorable(key) || holdsUnstorable(record[key], depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character or a lone surrogate: a string with one, stored
 * anywhere, fails the statement (a 500; found in review with a half emoji in an address). No field of this API has a use for it, so it is refused at the edge, for every
 * route at once, as the bad input it is (400 VALIDATION_FAILED), before any handler runs. Except a
 * payment provider's webhook (`config.fromProvider`): refused, it would come again and again with
 * the money it reports never applied; its use case stores it through lib/storable-json.ts instead.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.routeOptions.config.fromProvider === true) return done();
      if (holdsUnstorable(request.body) || holdsUnstorable(request.query) || holdsUnstorable(request.params))
        return done(new AppError('VALIDATION_FAILED'));
      done();
    });
  },
  { name: 'text-guard', dependencies: ['error-handler'] },
);
