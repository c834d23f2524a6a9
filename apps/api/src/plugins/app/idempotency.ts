import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { hmacHex, sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';
import { seal, unseal } from '../../lib/sealing.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** when this request claimed the key: the lease runs from here, and only this holder may settle it */
  claimedAt: Date;
  /** a deterministic id for the effect this request creates: a re-run after a crash finds it */
  effectId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: IdempotencyClaim;
  }
}

/**
 * The Idempotency-Key a console money action requires, checked as this plugin checks a borrower's.
 * The console's actions keep the key with what they create (a waiver, an assignment) instead of a
 * stored answer: the plugin's claims are per borrower, and a key kept with the row still answers
 * once the row has changed since (an assignment undone), which a stored answer would not say.
 */
export function requiredIdempotencyKey(headers: FastifyRequest['headers']): string {
  const header = headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new AppError('IDEMPOTENCY_KEY_MISSING');
  if (!KEY_PATTERN.test(key)) throw new AppError('VALIDATION_FAILED');
  return key;
}

/**
 * The id a use case gives the row it creates under an Idempotency-Key (a UUID, version 8): the same
 * borrower, route and key always give the same id, so a request re-run after its first attempt died
 * finds what that attempt committed instead of creating a second one.
 */
export function idempotentEffectId(scope: string, route: string, key: string): string {
  const h = sha256Hex(`effect\n${scope}\n${route}\n${key}`);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
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
 *
 * A claim is a lease (IDEMPOTENCY_LEASE_SECONDS): a request killed mid-flight (process crash, lost
 * connection to the database) leaves its claim without a response, and once the lease has run out
 * the next retry takes the claim over and runs again. Use cases that create something use the
 * claim's `effectId` as the new row's id, so the re-run finds an effect the dead attempt committed
 * and answers with it; one that committed nothing simply runs. The borrower is never stuck.
 *
 * What is kept is sealed: the stored answer is encrypted with the server key (lib/sealing.ts) and
 * the request is kept as a keyed hash (HMAC). Answers hold what the borrower was given: a sign-in's
 * session token, an application step's ID numbers opened for the form. Kept in clear for the 7 days
 * a key lives, anyone reading the table (a backup, a replica) could take over every session of the
 * week and read ID numbers that are sealed everywhere else (found in review). A plain hash of a
 * request body with a 12-digit ID number in it can be reversed by trying every number.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const mode = route.config?.idempotency;
      if (!mode) return;
      const existing = route.preHandler
        ? Array.isArray(route.preHandler)
          ? route.preHandler
          : [route.preHandler]
        : [];
      // Runs after auth (so the scope is the customer) and after body validation.
      route.preHandler = [
        ...existing,
        async (request: FastifyRequest, reply: FastifyReply) => claim(request, reply, mode, route.url),
      ];
    });

    async function claim(
      request: FastifyRequest,
      reply: FastifyReply,
      mode: 'required' | 'optional',
      routeUrl: string,
    ) {
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key) {
        if (mode === 'required') throw new AppError('IDEMPOTENCY_KEY_MISSING');
        return;
      }
      if (!KEY_PATTERN.test(key)) throw new AppError('VALIDATION_FAILED');
      const scope = request.customer?.customerId ?? 'anon';
      const route = `${request.method} ${routeUrl}`;
      const requestHash = hmacHex(
        app.secretKey,
        `idempotency-request\n${route}\n${canonical(request.params)}\n${canonical(request.body)}`,
      );
      const now = app.clock.now();
      const inserted = await app.db
        .insert(idempotencyKeys)
        .values({ scope, key, route, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      const effectId = idempotentEffectId(scope, route, key);
      if (inserted.length === 1) {
        request.idempotencyClaim = { scope, key, claimedAt: now, effectId };
        return;
      }
      const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
      const [previous] = await app.db.select().from(idempotencyKeys).where(where);
      if (!previous) throw new AppError('IDEMPOTENCY_IN_PROGRESS'); // released between our two queries
      if (previous.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (previous.responseStatus === null) {
        const leaseEnds = previous.createdAt.getTime() + app.config.IDEMPOTENCY_LEASE_SECONDS * 1000;
        if (now.getTime() < leaseEnds) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        // The holder died (or is hopelessly late): take the claim over, atomically, so of several
        // retries exactly one runs again.
        const taken = await app.db
          .update(idempotencyKeys)
          .set({ createdAt: now })
          .where(
            and(
              where,
              isNull(idempotencyKeys.responseStatus),
              eq(idempotencyKeys.createdAt, previous.createdAt),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length !== 1) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        request.log.warn(
          { idempotencyRoute: route },
          'idempotency claim expired without a response: running the request again',
        );
        request.idempotencyClaim = { scope, key, claimedAt: now, effectId };
        return;
      }
      reply.header('idempotent-replayed', 'true');
      reply.status(previous.responseStatus).type('application/json; charset=utf-8');
      return reply.send(previous.responseBody ? unseal(app.secretKey, previous.responseBody) : '');
    }

    // Settles the key with the answer. A callback hook: most answers hold no claim (every read), and
    // those should not pay for a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const claimed = request.idempotencyClaim;
      if (!claimed) return done(null, payload);
      request.idempotencyClaim = undefined;
      // a promise: Fastify sends the answer once it settles, and turns a failure (here or in the
      // rest of the send) into an error reply rather than an unhandled rejection
      return settle(claimed, reply.statusCode, payload).then(() => payload);
    });

    async function settle(claimed: IdempotencyClaim, statusCode: number, payload: unknown): Promise<void> {
      // Only the current holder settles the key: a late original after a take-over changes nothing.
      const where = and(
        eq(idempotencyKeys.scope, claimed.scope),
        eq(idempotencyKeys.key, claimed.key),
        eq(idempotencyKeys.createdAt, claimed.claimedAt),
        isNull(idempotencyKeys.responseStatus),
      );
      if (statusCode >= 500) {
        await app.db.delete(idempotencyKeys).where(where);
      } else {
        const body =
          typeof payload === 'string'
            ? payload
            : payload == null
              ? ''
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : String(payload);
        await app.db
          .update(idempotencyKeys)
          .set({
            responseStatus: statusCode,
            responseBody: body ? seal(app.secretKey, body) : body,
            completedAt: app.clock.now(),
          })
          .where(where);
      }
    }
  },
  { name: 'idempotency', dependencies: ['auth'] },
);
