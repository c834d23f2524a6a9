import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from '../config.ts';
import { isUuid } from './uuid.ts';
import { stdoutLogDestination } from './log-destination.ts';

/**
 * Credentials travel in some URLs: the single-use upload grant (`/api/photos/uploads/<token>`) and
 * the signed photo link (`/api/photos/files/<token>`, which works for minutes without a login).
 * Request logs keep the route shape and drop the secret: known credential paths, any long
 * token-like path segment (a UUID stays: it names a row, it opens nothing), and the value of any
 * query parameter whose name says secret or whose value looks like a token.
 */
const CREDENTIAL_PATHS = /(\/photos\/(?:uploads|files)\/)[^/?#]+/g;
const TOKEN_LIKE = /^[A-Za-z0-9_.~%-]{32,}$/;
const SECRET_QUERY_NAMES =
  /token|signature|sig$|secret|password|passwd|code|otp|key|credential|auth|session/i;
export const REDACTED = '[redacted]';
/** The console's borrower search (issue 11) takes a phone, a name or an ID number: personal data, never logged. */
const PERSONAL_QUERY = { path: /^\/api\/console\//, names: /^q$/ };

export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  // Most request URLs hold nothing to redact and are known to at a glance (issue 8: this runs for
  // every request's log line): no query or fragment, no credential path, and too short to hold a
  // token-like segment (TOKEN_LIKE needs 32 characters, the path at least one more).
  if (url.length < 32 && !url.includes('?') && !url.includes('#') && !url.includes('/photos/')) return url;
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const pathPart = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : null;
  const path = pathPart
    .replace(CREDENTIAL_PATHS, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !isUuid(segment) ? REDACTED : segment))
    .join('/');
  if (query === null) return path;
  const params = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        /* keep the raw name */
      }
      return SECRET_QUERY_NAMES.test(decodedName) ||
        (PERSONAL_QUERY.path.test(pathPart) && PERSONAL_QUERY.names.test(decodedName)) ||
        (TOKEN_LIKE.test(value) && !isUuid(value))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${params}`;
}

/**
 * A database error carries the statement's values: drizzle's `DrizzleQueryError` writes them into
 * its message ("Failed query: …\nparams: 9171234567,key-…"), its stack and its own `params`, and
 * PostgreSQL's `detail` repeats a key's value ("Key (phone)=(9171234567) already exists"). Those
 * are phone numbers, idempotency keys, token hashes: logged errors keep the statement and the
 * reason and drop the values (found in review: every `err` logged from a failed query had them).
 */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
const KEY_VALUES = /=\((?:[^()]|\([^()]*\))*\)/g;
function scrubLoggedError(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 8) return value;
  const error = { ...(value as Record<string, unknown>) };
  delete error.params;
  for (const key of ['message', 'stack'] as const)
    if (typeof error[key] === 'string')
      error[key] = error[key].replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`);
  if (typeof error.detail === 'string') error.detail = error.detail.replace(KEY_VALUES, `=(${REDACTED})`);
  if (Array.isArray(error.aggregateErrors))
    error.aggregateErrors = error.aggregateErrors.map((e) => scrubLoggedError(e, depth + 1));
  return error;
}

/** pino's error serializer (type, message and stack with their causes), then the values dropped. */
export function serializeLoggedError(error: Error): ReturnType<typeof stdSerializers.err> {
  return scrubLoggedError(stdSerializers.err(error)) as ReturnType<typeof stdSerializers.err>;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The request logger: pino with credentials kept out of every line. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.LOG_LEVEL,
    // No `redact` paths: the `req` serializer below writes an allowlist of fields, never the
    // headers, so the bearer token, cookies and idempotency keys cannot reach a line. Paths naming
    // headers matched nothing, yet pino's redaction still copied every request line to look
    // (issue 8: 1.8 KB of the 40.8 KB GET /api/home allocated). The log test holds it.
    serializers: {
      err: serializeLoggedError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    // stdout, one write per turn of the event loop (lib/log-destination.ts); tests pass a stream
    stream: stream ?? stdoutLogDestination(),
  };
}

/**
 * One line per request, written when the answer has gone: method, URL (redacted as above), status
 * and time together, so an operator reads a request from one line instead of joining Fastify's two
 * ("incoming request" + "request completed") by request id, and the log holds half the lines (issue 8:
 * no throughput change on the home bench within its ±5% noise). A request still in flight when the
 * process dies leaves no line; the crash run reads the database, not logs.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
