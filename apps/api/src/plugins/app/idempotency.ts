import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: { scope: string; key: string };
  }
}

/** Canonical JSON (sorted keys) so `{a,b}` and `{b,a}` hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Routes opt in with `config: { idempotency: 'required' | 'optional' }`. The first request with a
 * key claims it with an INSERT (the primary key makes the claim atomic across processes); a
 * concurrent duplicate finds the claim unfinished and is refused; a later retry gets the stored
 * response replayed; the same key with a different body is refused. A 5xx releases the claim so
 * the client may retry.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const mode = route.config?.idempotency;
      if (!mode) return;
      const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
      // Runs after auth (so the scope is the customer) and after body validation.
      route.preHandler = [...existing, async (request: FastifyRequest, reply: FastifyReply) => claim(request, reply, mode, route.url)];
    });

    async function claim(request: FastifyRequest, reply: FastifyReply, mode: 'required' | 'optional', routeUrl: string) {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) {
        if (mode === 'required') throw new AppError('IDEMPOTENCY_KEY_MISSING');
        return;
      }
      if (!KEY_PATTERN.test(key)) throw new AppError('VALIDATION_FAILED');
      const scope = request.customer?.customerId ?? 'anon';
      const route = `${request.method} ${routeUrl}`;
      const requestHash = sha256Hex(`${route}\n${canonical(request.params)}\n${canonical(request.body)}`);
      const now = app.clock.now();
      const inserted = await app.db
        .insert(idempotencyKeys)
        .values({ scope, key, route, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 1) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const [previous] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!previous) throw new AppError('IDEMPOTENCY_IN_PROGRESS'); // released between our two queries
      if (previous.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (previous.responseStatus === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      reply.header('idempotent-replayed', 'true');
      reply.status(previous.responseStatus).type('application/json; charset=utf-8');
      return reply.send(previous.responseBody ?? '');
    }

    app.addHook('onSend', async (request, reply, payload) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return payload;
      request.idempotencyClaim = undefined;
      const where = and(eq(idempotencyKeys.scope, claimed.scope), eq(idempotencyKeys.key, claimed.key));
      if (reply.statusCode >= 500) {
        await app.db.delete(idempotencyKeys).where(where);
      } else {
        const body = typeof payload === 'string' ? payload : payload == null ? '' : Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload);
        await app.db.update(idempotencyKeys).set({ responseStatus: reply.statusCode, responseBody: body, completedAt: app.clock.now() }).where(where);
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
