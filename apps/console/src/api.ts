import type { ApiErrorBody } from '@pisonow/domain';

/**
 * The console's API client: same origin, the session in an httpOnly cookie the page cannot read,
 * and the session's CSRF token (from sign-in or /api/console/me) in `x-csrf-token` on every write.
 */
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.code ?? 'NETWORK';
  }
}

/** Called on any 401: the session ended (idle timeout, sign-out elsewhere). */
let onSignedOut: () => void = () => {};
export function onUnauthenticated(handler: () => void) {
  onSignedOut = handler;
}

export async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) {
    if (res.status === 401 && path !== '/api/console/auth/sign-in') onSignedOut();
    throw new ApiError(res.status, data as Partial<ApiErrorBody>);
  }
  return data as T;
}
