import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@pisonow/domain';
import { ApiError, EARLY_ANSWER_MS, createApiClient, toApiError } from './client.ts';
import { createActionKey, newIdempotencyKey } from './idempotency.ts';
import { errorText } from './error-text.ts';
import type { PageEarlyAnswer } from './page-early.ts';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function setup(respond: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onUnauthenticated = vi.fn();
  const client = createApiClient({
    fetch: async (input, init = {}) => {
      calls.push({ url: String(input), init });
      return respond(String(input), init);
    },
    getLanguage: () => 'fil',
    getToken: () => 'tok-1',
    onUnauthenticated,
    makeKey: () => 'generated-key',
  });
  return { client, calls, onUnauthenticated };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('api client', () => {
  it('ER-02 an error body keeps its stable code, message and retryAfterSeconds', async () => {
    const { client } = setup(() =>
      json(429, { code: 'SMS_TOO_FREQUENT', message: 'Masyadong madalas', retryAfterSeconds: 42 }),
    );
    const error = await failure(
      client.request('/api/auth/login-code', { method: 'POST', body: { phone: '9171234567' } }),
    );
    expect([error.code, error.status, error.serverMessage, error.retryAfterSeconds]).toEqual([
      'SMS_TOO_FREQUENT',
      429,
      'Masyadong madalas',
      42,
    ]);
    expect(errorText(error, 'en-US')).toBe(errorMessage('SMS_TOO_FREQUENT', 'en-US'));
  });

  it('ER-01 a fetch that throws (offline, server down) is the NETWORK error', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client.request('/api/config/public'));
    expect([error.code, error.status]).toEqual(['NETWORK', 0]);
    expect(errorText(error, 'zh-CN')).toBe(errorMessage('NETWORK', 'zh-CN'));
  });

  it('issue 9 item 2: offline fails at once with NETWORK, without calling fetch', async () => {
    const fetch = vi.fn();
    const client = createApiClient({
      fetch,
      getLanguage: () => 'en-US',
      getToken: () => '',
      isOnline: () => false,
    });
    const error = await failure(client.request('/api/auth/login-code', { method: 'POST', body: {} }));
    expect(error.code).toBe('NETWORK');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('issue 9 item 2: a request that never answers fails with NETWORK after the bounded timeout', async () => {
    const client = createApiClient({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'AbortError'))),
        ),
      getLanguage: () => 'en-US',
      getToken: () => '',
      timeoutMs: 20,
    });
    const started = Date.now();
    const error = await failure(client.request('/api/config/public'));
    expect(error.code).toBe('NETWORK');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('issue 9: `parse` (sync or async) shapes the body for the caller', async () => {
    const { client } = setup(() => json(200, { ok: true }));
    await expect(
      client.request('/x', { parse: async (data) => ({ ...(data as object), checked: true }) }),
    ).resolves.toEqual({ ok: true, checked: true });
  });

  it('ER-02 a body without a code is mapped from the status', () => {
    expect(toApiError(401, undefined).code).toBe('UNAUTHENTICATED');
    expect(toApiError(429, '<html>', '7')).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 7 });
    expect(toApiError(502, { oops: true }).code).toBe('INTERNAL');
    expect(toApiError(422, {}).code).toBe('VALIDATION_FAILED');
  });

  it('ER-02 an unknown code falls back to the server message, never a raw exception', () => {
    const unknown = toApiError(409, { code: 'SOMETHING_NEW', message: 'Server says no' });
    expect(errorText(unknown, 'en-US')).toBe('Server says no');
    expect(errorText(new Error('boom'), 'en-US')).toBe(errorMessage('INTERNAL', 'en-US'));
  });

  it('VAL-02 a wrong code maps to the catalogue message in the chosen language', async () => {
    const { client } = setup(() => json(400, { code: 'OTP_INCORRECT', message: 'x' }));
    const error = await failure(
      client.request('/api/auth/login', { method: 'POST', body: {}, idempotencyKey: 'k' }),
    );
    expect(errorText(error, 'fil')).toBe(errorMessage('OTP_INCORRECT', 'fil'));
  });

  it('SH-01 SH-13 sends Accept-Language, the bearer token on auth calls and an Idempotency-Key on POST', async () => {
    const { client, calls } = setup(() => json(200, { ok: true }));
    await client.request('/api/me', { auth: true });
    await client.request('/api/auth/login', { method: 'POST', body: { a: 1 }, idempotencyKey: 'action-key' });
    await client.request('/api/auth/logout', { method: 'POST', auth: true });
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(headers[0]).toMatchObject({ 'Accept-Language': 'fil', Authorization: 'Bearer tok-1' });
    expect(headers[0]?.['Idempotency-Key']).toBeUndefined();
    expect(headers[1]).toMatchObject({ 'Idempotency-Key': 'action-key', 'Content-Type': 'application/json' });
    expect(headers[1]?.Authorization).toBeUndefined();
    expect(headers[2]?.['Idempotency-Key']).toBe('generated-key');
    expect(calls[1]?.init.body).toBe('{"a":1}');
  });

  it('SH-12 a 401 on an authenticated call resets the user; on a public call it does not', async () => {
    const { client, onUnauthenticated } = setup(() =>
      json(401, { code: 'UNAUTHENTICATED', message: 'again' }),
    );
    await failure(client.request('/api/me', { auth: true }));
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    await failure(client.request('/api/config/public'));
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('ER-02 a 2xx that is not a JSON object (a proxy page, a cut-off body) is INTERNAL; a 204 is empty', async () => {
    for (const body of ['<html>proxy</html>', '', 'null', '42']) {
      const { client } = setup(() => new Response(body, { status: 200 }));
      expect((await failure(client.request('/x'))).code).toBe('INTERNAL');
    }
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.request('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('issue 9: an answer from another build marks this copy of the app stale (once per answer, never without both builds)', async () => {
    const onStaleApp = vi.fn();
    const make = (appBuild: string, served: string | null) =>
      createApiClient({
        fetch: async () => json(200, { ok: true }, served ? { 'X-App-Build': served } : {}),
        getLanguage: () => 'en-US',
        getToken: () => '',
        appBuild,
        onStaleApp,
      });
    await make('abc', 'abc').request('/api/home');
    await make('abc', null).request('/api/home');
    await make('', 'def').request('/api/home'); // development: no build named
    expect(onStaleApp).not.toHaveBeenCalled();
    const stale = make('abc', 'def');
    await stale.request('/api/home');
    stale.prefetch('/api/config/public');
    await stale.request('/api/config/public'); // the early answer is checked too
    expect(onStaleApp).toHaveBeenCalledTimes(2);
  });

  it("ER-02 a throw in the caller's `parse` is reported as INTERNAL", async () => {
    const { client } = setup(() => json(200, { nope: 1 }));
    const error = await failure(
      client.request('/x', {
        parse: () => {
          throw new Error('bad');
        },
      }),
    );
    expect(error.code).toBe('INTERNAL');
  });
});

describe('early answers (issue 9: a cold start asks for the first data while the page loads)', () => {
  function early(
    respond: (url: string, n: number) => Response | Promise<Response>,
    fromPage: Record<string, PageEarlyAnswer> = {},
  ) {
    let token = 'tok-1';
    let language = 'en-US';
    let n = 0;
    const calls: string[] = [];
    const onUnauthenticated = vi.fn();
    const onStaleApp = vi.fn();
    const client = createApiClient({
      fetch: async (input) => {
        calls.push(String(input));
        return respond(String(input), ++n);
      },
      getLanguage: () => language,
      getToken: () => token,
      onUnauthenticated,
      appBuild: 'build-1',
      onStaleApp,
      takePageEarly: (path) => {
        const found = fromPage[path];
        delete fromPage[path];
        return found;
      },
    });
    return {
      client,
      calls,
      onUnauthenticated,
      onStaleApp,
      setToken: (t: string) => (token = t),
      setLanguage: (l: string) => (language = l),
    };
  }
  const asked = (
    answer: { status: number; body: unknown; build?: string },
    on: { token?: string; language?: string } = {},
  ): PageEarlyAnswer => ({
    at: Date.now(),
    token: on.token ?? 'tok-1',
    language: on.language ?? 'en-US',
    answer: Promise.resolve({
      status: answer.status,
      text: JSON.stringify(answer.body),
      retryAfter: null,
      build: answer.build ?? 'build-1',
    }),
  });

  it("the first-data script's answer is taken over: the app asks nothing itself, once, and the build it names is checked", async () => {
    const { client, calls, onStaleApp } = early(() => json(200, { own: true }), {
      '/api/home': asked({ status: 200, body: { fromPage: true } }),
      '/api/config/public': asked({ status: 200, body: { config: true }, build: 'build-2' }, { token: '' }),
    });
    client.prefetch('/api/config/public');
    client.prefetch('/api/home', { auth: true });
    expect(calls).toEqual([]);
    expect(await client.request('/api/home', { auth: true })).toEqual({ fromPage: true });
    expect(await client.request('/api/config/public')).toEqual({ config: true });
    expect(onStaleApp).toHaveBeenCalledTimes(1); // the public answer named another build
    // taken once: the next read asks
    expect(await client.request('/api/home', { auth: true })).toEqual({ own: true });
    expect(calls).toEqual(['/api/home']);
  });

  it("the script's answer asked with another session or in another language is not used: the app asks itself", async () => {
    const { client, calls } = early(() => json(200, { own: true }), {
      '/api/home': asked({ status: 200, body: { fromPage: true } }, { token: 'tok-old' }),
      '/api/loans/offer': asked({ status: 200, body: { fromPage: true } }, { language: 'fil' }),
    });
    client.prefetch('/api/home', { auth: true });
    client.prefetch('/api/loans/offer', { auth: true });
    expect(calls).toEqual(['/api/home', '/api/loans/offer']);
    expect(await client.request('/api/home', { auth: true })).toEqual({ own: true });
    expect(await client.request('/api/loans/offer', { auth: true })).toEqual({ own: true });
  });

  it('an early answer asked in one language is not shown after a switch to another (its texts are in the first)', async () => {
    const { client, calls, setLanguage } = early((_url, n) => json(200, { n }));
    client.prefetch('/api/home', { auth: true });
    setLanguage('zh-CN');
    expect(await client.request('/api/home', { auth: true })).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('the page takes the answer asked for early: one request, parsed as usual, taken once', async () => {
    const { client, calls } = early((_url, n) => json(200, { n }));
    client.prefetch('/api/home', { auth: true });
    expect(calls).toEqual(['/api/home']);
    expect(await client.request('/api/home', { auth: true, parse: (d) => d as { n: number } })).toEqual({
      n: 1,
    });
    expect(calls).toHaveLength(1);
    // a second read is a new request
    expect(await client.request('/api/home', { auth: true })).toEqual({ n: 2 });
  });

  it('is dropped by any change (a payment), by another session and when it is older than EARLY_ANSWER_MS', async () => {
    const { client, calls, setToken } = early((_url, n) => json(200, { n }));
    client.prefetch('/api/home', { auth: true });
    await client.request('/api/orders/x/repayments', { method: 'POST', auth: true, body: {} });
    expect(await client.request('/api/home', { auth: true })).toEqual({ n: 3 });

    client.prefetch('/api/home', { auth: true });
    setToken('tok-2');
    expect(await client.request('/api/home', { auth: true })).toEqual({ n: 5 });

    vi.useFakeTimers({ now: Date.now() });
    try {
      client.prefetch('/api/home', { auth: true });
      vi.setSystemTime(Date.now() + EARLY_ANSWER_MS + 1);
      expect(await client.request('/api/home', { auth: true })).toEqual({ n: 7 });
    } finally {
      vi.useRealTimers();
    }
    expect(calls).toHaveLength(7);
  });

  it('SH-12 a failed early request is not the answer: the page asks again; a 401 resets the user once', async () => {
    const { client, onUnauthenticated } = early((_url, n) => {
      if (n === 1) throw new TypeError('offline');
      if (n === 3) return json(401, { code: 'UNAUTHENTICATED', message: 'again' });
      return json(200, { n });
    });
    client.prefetch('/api/home', { auth: true });
    expect(await client.request('/api/home', { auth: true })).toEqual({ n: 2 });
    client.prefetch('/api/home', { auth: true });
    expect((await failure(client.request('/api/home', { auth: true }))).code).toBe('UNAUTHENTICATED');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('nothing is asked early without a session', () => {
    const { client, calls, setToken } = early(() => json(200, {}));
    setToken('');
    client.prefetch('/api/home', { auth: true });
    expect(calls).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('SH-13 keys are v4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    // only getRandomValues, as on a phone reaching a dev server over plain http
    const withoutUuid = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const fallback = newIdempotencyKey(withoutUuid);
    expect(fallback).toMatch(uuid);
  });

  it('SH-13 the same action retried reuses its key; a new action or a finished one gets a new key', () => {
    let n = 0;
    const key = createActionKey(() => `k${++n}`);
    expect(key.keyFor('phone=917')).toBe('k1');
    expect(key.keyFor('phone=917')).toBe('k1');
    expect(key.keyFor('phone=918')).toBe('k2');
    key.done();
    expect(key.keyFor('phone=918')).toBe('k3');
  });
});
