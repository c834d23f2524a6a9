import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { customers, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Resolves `Authorization: Bearer <token>` to the customer for routes with `config: { auth: true }`.
 * Only the token's SHA-256 is stored, so a leaked table cannot be replayed. Revoked and expired
 * sessions are simply not found. Session and customer come back from one query (a join): an
 * authenticated read costs one database round trip before the route's own work.
 */
export default fp(
  async (app) => {
    app.decorateRequest('customer', null);
    app.addHook('onRoute', (route) => {
      if (!route.config?.auth) return;
      const existing = route.preHandler
        ? Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler]
        : [];
      route.preHandler = [
        async (request) => {
          const header = request.headers.authorization ?? '';
          const match = /^Bearer ([A-Za-z0-9_-]{20,128})$/.exec(header);
          if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
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
                eq(sessions.tokenHash, sha256Hex(match[1])),
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
