import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { consoleRolesFor, type OperatorRole } from '@pisonow/domain';
import { operatorSessions, operators } from '../../db/schema/index.ts';
import { safeEqualHex, sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../../modules/console/audit.ts';
import {
  CONSOLE_COOKIE,
  CSRF_HEADER,
  csrfTokenFor,
  readCookie,
} from '../../modules/console/console-tokens.ts';

export interface AuthenticatedOperator {
  operatorId: string;
  sessionId: string;
  email: string;
  role: OperatorRole;
  /** the session token from the cookie (to derive the CSRF token; never logged) */
  sessionToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** The actor of an audit entry, from the request's operator session (or nobody yet: sign-in). */
export function actorOf(request: FastifyRequest): Actor {
  const op = request.operator;
  return {
    operatorId: op?.operatorId ?? null,
    email: op?.email ?? null,
    role: op?.role ?? null,
    ip: request.ip,
    requestId: request.id,
  };
}

/**
 * Operator authentication and authorization for every route under `/api/console` (issue 11, RO-04).
 * The roles come from the one declarative map (CONSOLE_ACCESS in the domain package); a console route
 * missing from it stops the server at start-up. Runs on `onRequest`, before the body is parsed:
 * - the session comes only from the httpOnly `pn_console` cookie (a borrower's bearer token is
 *   never looked at here, and borrower routes never read this cookie);
 * - idle sessions (CONSOLE_IDLE_MINUTES without a request) and old ones (CONSOLE_SESSION_HOURS) end;
 * - every non-GET request must carry the session's CSRF token in `x-csrf-token`;
 * - a role outside the route's list is 403 and written to the audit trail.
 */
export default fp(
  async (app) => {
    app.decorateRequest('operator', null);
    const idleMs = app.config.CONSOLE_IDLE_MINUTES * 60_000;

    async function authenticate(request: FastifyRequest, roles: readonly OperatorRole[]) {
      const token = readCookie(request.headers.cookie, CONSOLE_COOKIE);
      if (!token || !/^[A-Za-z0-9_-]{20,128}$/.test(token)) throw new AppError('UNAUTHENTICATED');
      const now = app.clock.now();
      const [row] = await app.db
        .select({
          sessionId: operatorSessions.id,
          lastSeenAt: operatorSessions.lastSeenAt,
          operatorId: operators.id,
          email: operators.email,
          role: operators.role,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, sha256Hex(token)),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            isNull(operators.disabledAt),
          ),
        )
        .limit(1);
      if (!row) throw new AppError('UNAUTHENTICATED');
      if (now.getTime() - row.lastSeenAt.getTime() > idleMs) {
        // idle too long: the session ends for good
        await app.db
          .update(operatorSessions)
          .set({ revokedAt: now })
          .where(and(eq(operatorSessions.id, row.sessionId), isNull(operatorSessions.revokedAt)));
        throw new AppError('UNAUTHENTICATED');
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const given = request.headers[CSRF_HEADER];
        const expected = csrfTokenFor(app.secretKey, token);
        if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given) || !safeEqualHex(given, expected)) {
          throw new AppError('CSRF_INVALID');
        }
      }
      await app.db
        .update(operatorSessions)
        .set({ lastSeenAt: now })
        .where(eq(operatorSessions.id, row.sessionId));
      request.operator = {
        operatorId: row.operatorId,
        sessionId: row.sessionId,
        email: row.email,
        role: row.role as OperatorRole,
        sessionToken: token,
      };
      if (!roles.includes(row.role as OperatorRole)) {
        await recordAudit(app.db, app.clock, actorOf(request), {
          action: 'access.denied',
          targetType: 'endpoint',
          targetId: `${request.method} ${request.routeOptions.url}`,
          outcome: 'denied',
          detail: { url: request.url.split('?')[0] },
        });
        throw new AppError('FORBIDDEN');
      }
    }

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/console')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const access = methods.map((m) => consoleRolesFor(m, route.url));
      if (access.some((a) => a === undefined)) {
        throw new Error(
          `console route ${methods.join(',')} ${route.url} has no entry in CONSOLE_ACCESS (packages/domain/src/contracts/console.ts)`,
        );
      }
      const roles = access[0]!;
      if (roles === 'public') return;
      const existing = route.onRequest
        ? Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest]
        : [];
      const hook: onRequestHookHandler = async (request) => authenticate(request, roles);
      route.onRequest = [hook, ...existing];
    });
  },
  { name: 'operator-auth', dependencies: ['error-handler', 'database'] },
);
