import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { customers, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';

/** The SHA-256 of the bearer token in an `Authorization` header, or null when there is none. */
export function bearerTokenHash(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(header ?? '');
  return match?.[1] ? sha256Hex(match[1]) : null;
}

/**
 * The session rule as SQL, for a route that authenticates inside its own query (`auth: 'in-query'`):
 * the customer id of the unrevoked, unexpired session with this token hash, joined to its customer,
 * exactly as the preHandler below finds it. No row: not authenticated. Either argument may be a
 * placeholder of a prepared statement (`now` then as an ISO string).
 */
export function sessionCustomerQuery(tokenHash: string | Placeholder, now: Date | Placeholder): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  return sql`
    select ${sessions.customerId} as customer_id from ${sessions}
    join ${customers} on ${customers.id} = ${sessions.customerId}
    where ${sessions.tokenHash} = ${tokenHash} and ${sessions.revokedAt} is null
      and ${sessions.expiresAt} > ${at}::timestamptz
    limit 1`;
}

/**
 * Resolves `Authorization: Bearer <token>` to the customer for routes with `config: { auth: true }`.
 * Only the token's SHA-256 is stored, so a leaked table cannot be replayed. Revoked and expired
 * sessions are simply not found. Session and customer come back from one query (a join): an
 * authenticated read costs one database round trip before the route's own work.
 */
export default fp(
  async (app) => {
    app.decorateRequest('customer', null);
    app.decorateRequest('sessionTokenHash', null);
    app.addHook('onRoute', (route) => {
      if (!route.config?.auth) return;
      const existing = route.preHandler
        ? Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler]
        : [];
      // The route runs the session rule inside its own single query (issue 8: one round trip):
      // only the token's hash is needed first, with no database work, so a callback hook (no
      // promise per request, as the hooks on every request are).
      if (route.config.auth === 'in-query') {
        route.preHandler = [
          (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
            const tokenHash = bearerTokenHash(request.headers.authorization);
            if (!tokenHash) return done(new AppError('UNAUTHENTICATED'));
            request.sessionTokenHash = tokenHash;
            done();
          },
          ...existing,
        ];
        return;
      }
      route.preHandler = [
        async (request) => {
          const tokenHash = bearerTokenHash(request.headers.authorization);
          if (!tokenHash) throw new AppError('UNAUTHENTICATED');
          const [row] = await app.db
            .select({
              sessionId: sessions.id,
              customerId: sessions.customerId,
              phone: customers.phone,
              registeredAt: customers.registeredAt,
            })
            .from(sessions)
            .innerJoin(customers, eq(customers.id, sessions.customerId))
            .where(
              and(
                eq(sessions.tokenHash, tokenHash),
                isNull(sessions.revokedAt),
                gt(sessions.expiresAt, app.clock.now()),
              ),
            )
            .limit(1);
          if (!row) throw new AppError('UNAUTHENTICATED');
          request.customer = row;
        },
        ...existing,
      ];
    });
  },
  { name: 'auth', dependencies: ['error-handler'] },
);
