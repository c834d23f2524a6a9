import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
// the server's catalogue, every language (the web app loads a language's namespaces lazily)
import '@pisonow/domain/catalogue/all';
import {
  errorMessage,
  isErrorCode,
  pickLocale,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorParams,
} from '@pisonow/domain';
import { AppError } from '../../lib/app-error.ts';
import { ResponseContractError } from '../../lib/response-serializer.ts';

/** The one place errors become `{ code, message }` in the caller's language. Internals never leak. */
export default fp(
  async (app) => {
    app.decorateRequest('locale', 'en-US');
    // hooks on every request are callbacks, not async functions: no promise per request
    app.addHook('onRequest', (request, _reply, done) => {
      request.locale = pickLocale(request.headers['accept-language']);
      done();
    });

    const send = (
      reply: FastifyReply,
      request: FastifyRequest,
      status: number,
      code: ErrorCode,
      extra: Partial<ApiErrorBody> & { params?: ErrorParams } = {},
    ) => {
      const { params, ...rest } = extra;
      const body: ApiErrorBody = { code, message: errorMessage(code, request.locale, params), ...rest };
      if (body.retryAfterSeconds !== undefined) reply.header('retry-after', String(body.retryAfterSeconds));
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    };

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const details = error.details?.map((d) => ({
          field: d.field,
          code: d.code,
          message: errorMessage(d.code, request.locale),
        }));
        return send(reply, request, error.status, error.code, {
          params: error.params,
          retryAfterSeconds: error.retryAfterSeconds,
          ...(details ? { details } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((v) => {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          const code = isErrorCode(v.message) ? v.message : 'VALIDATION_FAILED';
          return { field, code, message: errorMessage(code, request.locale) };
        });
        const first = details.find((d) => d.code !== 'VALIDATION_FAILED');
        return send(reply, request, 400, (first?.code as ErrorCode | undefined) ?? 'VALIDATION_FAILED', {
          details,
        });
      }
      // BE-15: the database refused a posting into a closed accounting period (its trigger)
      if (causedByClosedPeriod(error)) return send(reply, request, 409, 'PERIOD_CLOSED');
      if (isResponseSerializationError(error) || error instanceof ResponseContractError) {
        request.log.error({ err: error }, 'response did not match its schema');
        return send(reply, request, 500, 'INTERNAL');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own refusals: malformed JSON, wrong content type, body too large, …
        const code: ErrorCode =
          status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : status === 404
                ? 'NOT_FOUND'
                : status === 401
                  ? 'UNAUTHENTICATED'
                  : status === 403
                    ? 'FORBIDDEN'
                    : status === 429
                      ? 'RATE_LIMITED'
                      : 'VALIDATION_FAILED';
        return send(
          reply,
          request,
          status === 404 ||
            status === 401 ||
            status === 403 ||
            status === 413 ||
            status === 415 ||
            status === 429
            ? status
            : 400,
          code,
        );
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, request, 500, 'INTERNAL');
    });
  },
  { name: 'error-handler' },
);

/** 404 for unknown API paths, in the same shape as every other error. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', request.locale) } satisfies ApiErrorBody);
}

/**
 * Errors Fastify raises before a request reaches routing (a URL that does not decode, such as
 * `/api/%ff%fe`; a path parameter over the length limit): the same `{ code, message }` as every
 * other error, in the caller's language, never the framework's own body echoing the input.
 * Wired through Fastify's `frameworkErrors` option; the onRequest hooks have not run yet.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  fastifyReply,
) => {
  const reply = fastifyReply as unknown as FastifyReply;
  const locale = pickLocale(request.headers['accept-language']);
  const internal = error.code === 'FST_ERR_ASYNC_CONSTRAINT';
  if (internal) request.log.error({ err: error }, 'framework error');
  const code: ErrorCode = internal ? 'INTERNAL' : 'VALIDATION_FAILED';
  return reply
    .status(internal ? 500 : 400)
    .type('application/json; charset=utf-8')
    .send({ code, message: errorMessage(code, locale) } satisfies ApiErrorBody);
};

/**
 * Requests Node's HTTP parser refuses (a malformed request line or header, headers too large, a
 * request that never finished): no request object exists, so the answer is written to the socket,
 * still as `{ code, message }` (in English: the headers that would name a language did not parse).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    code: 'VALIDATION_FAILED',
    message: errorMessage('VALIDATION_FAILED', 'en-US'),
  } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Whether the error, or one it was caused by, is the closed-period trigger's refusal (migration 0024). */
export function causedByClosedPeriod(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error && e.message.startsWith('PERIOD_CLOSED')) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}
