import { isErrorCode, type ErrorCode } from '@pisonow/domain/errors';
import { newIdempotencyKey } from './idempotency.ts';
import type { PageEarlyAnswer } from './page-early.ts';

/**
 * A failed call, always with a stable code (ER-02). `code` is a domain ErrorCode when the server
 * sent one we know, so screens map it through the one message table; `serverMessage` keeps the
 * server's own (already localised) text as the fallback for codes this build does not know yet.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly details: { field: string; code: string; message: string }[] | undefined;

  constructor(init: {
    code: string;
    status: number;
    serverMessage?: string | undefined;
    retryAfterSeconds?: number | undefined;
    details?: { field: string; code: string; message: string }[] | undefined;
  }) {
    super(init.serverMessage ?? init.code);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.details = init.details;
  }

  get known(): boolean {
    return isErrorCode(this.code);
  }
}

/** The code a status implies when the body carries none (a proxy's HTML error page, say). */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED';
  return 'INTERNAL';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns an error response (status + parsed JSON body, or undefined) into an ApiError. Pure. */
export function toApiError(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const record = isRecord(body) ? body : {};
  const code = typeof record.code === 'string' && record.code ? record.code : codeForStatus(status);
  const serverMessage = typeof record.message === 'string' && record.message ? record.message : undefined;
  let retryAfterSeconds = typeof record.retryAfterSeconds === 'number' ? record.retryAfterSeconds : undefined;
  if (retryAfterSeconds === undefined && retryAfterHeader && /^\d+$/.test(retryAfterHeader)) {
    retryAfterSeconds = Number(retryAfterHeader);
  }
  const details = Array.isArray(record.details) ? (record.details as ApiError['details']) : undefined;
  return new ApiError({ code, status, serverMessage, retryAfterSeconds, details });
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /** sends the bearer token; a 401 then resets the user (see onUnauthenticated) */
  auth?: boolean;
  /** one per user action (lib/api/idempotency.ts); required in spirit for every POST/DELETE */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * Takes what the caller wants from the success body (one field of it, say); a throw is reported
   * as INTERNAL. The body is not validated again here: the server checks each JSON answer against
   * its zod contract before sending it (fastify-type-provider-zod's serializer; apps/api
   * response-contracts.test.ts; replayed idempotent answers were checked when first sent), the
   * types come from the same contracts, and an app older than the server moves to the server's
   * build at its next page change (lib/stale-app.ts). So the browser loads the schema library only
   * where the borrower types into a form (issue 9: building the contracts' schemas was ~120 ms of
   * the home screen's main-thread work in desktop Chromium, unthrottled).
   */
  parse?: (data: unknown) => T | Promise<T>;
  /** gives up after this long with NETWORK (default: the client's timeoutMs) */
  timeoutMs?: number;
}

export interface ApiClientDeps {
  fetch: typeof globalThis.fetch;
  getLanguage: () => string;
  getToken: () => string;
  /** called once per 401 UNAUTHENTICATED on an authenticated call */
  onUnauthenticated?: () => void;
  baseUrl?: string;
  makeKey?: () => string;
  /** false = the browser knows it is offline: fail at once with NETWORK instead of waiting */
  isOnline?: () => boolean;
  /** a request that has not answered by then fails with NETWORK (default 15 s) */
  timeoutMs?: number;
  /** this copy of the app's build (lib/stale-app.ts ownBuild); empty: not checked */
  appBuild?: string;
  /** an answer named another build (`X-App-Build`): this copy is older than the server */
  onStaleApp?: () => void;
  /** the first-data script's answer for a path, taken once (lib/api/page-early.ts) */
  takePageEarly?: (path: string) => PageEarlyAnswer | undefined;
}

/** Clarity item 2: a dead connection must not spin for ever; 15 s covers a slow 3G answer. */
export const DEFAULT_TIMEOUT_MS = 15_000;

const NEEDS_KEY: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How long an early answer (`prefetch`) may wait for the page that asked for it. */
export const EARLY_ANSWER_MS = 5_000;

interface EarlyAnswer {
  at: number;
  token: string;
  /** the Accept-Language it was asked in: an answer's texts are in that language */
  language: string;
  answer: Promise<{ status: number; text: string; retryAfter: string | null }>;
}

export function createApiClient(deps: ApiClientDeps) {
  const baseUrl = deps.baseUrl ?? '';
  const makeKey = deps.makeKey ?? newIdempotencyKey;
  /**
   * Issue 9 (a cold start on a slow phone): the route's loader asks for the page's first data while
   * the page's code and texts are still downloading; the page's own request then takes that answer
   * instead of starting only after it has rendered. Taken once, by a GET of the same path with the
   * same session, within EARLY_ANSWER_MS; any change (POST, PUT, ...) drops every early answer, so
   * a figure read before a payment is never shown after it.
   */
  const early = new Map<string, EarlyAnswer>();

  /** The headers every call sends: JSON, the borrower's language, the session when there is one. */
  function baseHeaders(token: string): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': deps.getLanguage(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** The server's build against ours: a different one means this copy of the app is stale. */
  /** `served`: the build an answer named (`X-App-Build`) */
  function noteBuild(served: string | null): void {
    if (deps.appBuild && served && served !== deps.appBuild) deps.onStaleApp?.();
  }

  function prefetch(path: string, options: { auth?: boolean } = {}): void {
    if (early.has(path) || (deps.isOnline && !deps.isOnline())) return;
    const token = options.auth ? deps.getToken() : '';
    if (options.auth && !token) return;
    // The first-data script may have asked already, before this code arrived: its answer is taken
    // over when it was asked as this call would ask (same session, same language).
    const fromPage = deps.takePageEarly?.(path);
    if (fromPage && fromPage.token === token && fromPage.language === deps.getLanguage()) {
      const answer = fromPage.answer.then((taken) => {
        noteBuild(taken.build);
        return taken;
      });
      answer.catch(() => undefined); // a failed early answer is simply not used
      early.set(path, { at: fromPage.at, token, language: fromPage.language, answer });
      return;
    }
    const answer = deps
      .fetch(`${baseUrl}${path}`, { method: 'GET', headers: baseHeaders(token) })
      .then(async (response) => {
        noteBuild(response.headers.get('X-App-Build'));
        return {
          status: response.status,
          text: await response.text(),
          retryAfter: response.headers.get('Retry-After'),
        };
      });
    answer.catch(() => undefined); // a failed early answer is simply not used
    early.set(path, { at: Date.now(), token, language: deps.getLanguage(), answer });
  }

  /** The early answer for this GET, if there is a fresh one for this session (taken once). */
  async function takeEarly(path: string, auth: boolean) {
    const entry = early.get(path);
    if (!entry) return null;
    early.delete(path);
    if (Date.now() - entry.at > EARLY_ANSWER_MS) return null;
    if (entry.token !== (auth ? deps.getToken() : '')) return null;
    if (entry.language !== deps.getLanguage()) return null;
    return entry.answer.catch(() => null);
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const headers = baseHeaders(options.auth ? deps.getToken() : '');
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    // The server rejects a mutating call without a key; a caller that forgot one still gets a
    // fresh key (no dedupe across retries then, but never a hard failure).
    if (NEEDS_KEY.has(method)) headers['Idempotency-Key'] = options.idempotencyKey ?? makeKey();

    if (method !== 'GET') early.clear();
    const taken =
      method === 'GET' && options.body === undefined ? await takeEarly(path, !!options.auth) : null;
    if (taken) return settle(taken.status, taken.text, taken.retryAfter, options);

    if (deps.isOnline && !deps.isOnline()) throw new ApiError({ code: 'NETWORK', status: 0 });

    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(),
      options.timeoutMs ?? deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await deps.fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
    } catch (cause) {
      clearTimeout(timer);
      if (options.signal?.aborted) throw cause; // a cancelled query is not a network problem
      throw new ApiError({ code: 'NETWORK', status: 0 });
    }
    clearTimeout(timer);
    noteBuild(response.headers.get('X-App-Build'));
    const text = await response.text().catch(() => '');
    return settle(response.status, text, response.headers.get('Retry-After'), options);
  }

  /** An answer's body and status into the caller's result or an ApiError (401: onUnauthenticated). */
  async function settle<T>(
    status: number,
    text: string,
    retryAfter: string | null,
    options: RequestOptions<T>,
  ): Promise<T> {
    let data: unknown = undefined;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = undefined;
      }
    }

    if (status < 200 || status > 299) {
      const error = toApiError(status, data, retryAfter);
      if (options.auth && (error.code === 'UNAUTHENTICATED' || status === 401)) deps.onUnauthenticated?.();
      throw error;
    }
    // Every answer but 204 is a JSON object (the contracts): anything else did not come from our
    // server as it should (a proxy's page, a cut-off body) and is not handed to a page as data.
    if (status !== 204 && (typeof data !== 'object' || data === null))
      throw new ApiError({ code: 'INTERNAL', status });
    if (!options.parse) return data as T;
    try {
      return await options.parse(data);
    } catch {
      throw new ApiError({ code: 'INTERNAL', status });
    }
  }

  return { request, prefetch };
}
export type ApiClient = ReturnType<typeof createApiClient>;
