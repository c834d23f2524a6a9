import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Issue 9: the web app trusts the server's answers because the zod serializer checks each one
 * against its route's contract; an answer with a 2xx status the route does not declare would skip
 * that check and go out as plain JSON. Installed outside production (app.ts), this refuses such an
 * answer, so every test of every route enforces the declaration.
 */
export async function refuseUndeclaredSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const declared = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
  const status = reply.statusCode;
  if (!declared || status < 200 || status > 299 || String(status) in declared || '2xx' in declared)
    return payload;
  throw new Error(`${request.method} ${request.routeOptions.url} answered ${status}, undeclared`);
}
