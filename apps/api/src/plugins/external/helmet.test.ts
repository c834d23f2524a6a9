import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/test-app.ts';
import { helmetHeaders } from './helmet.ts';

const production = {
  NODE_ENV: 'production',
  SANDBOX: '0',
  SECRET_KEY: 'a'.repeat(64),
  DATABASE_URL: 'postgres://x@127.0.0.1/x',
  SMS_PROVIDER: 'semaphore',
  SEMAPHORE_API_KEY: 'k',
  PAYOUT_PROVIDER: 'xendit',
  COLLECTION_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: 'k',
  XENDIT_CALLBACK_TOKEN: 't'.repeat(16),
  PUBLIC_BASE_URL: 'https://app.pisonow.example',
  COMPANY_SEC_REG_NO: 'CS201912345',
  COMPANY_CA_NO: '3021',
};

describe('HSTS (configurable, on by default in production)', () => {
  it('HSTS is on by default when NODE_ENV=production, off otherwise, and HSTS=0/1 overrides either way', () => {
    expect(loadConfig(production).HSTS).toBe(true);
    expect(loadConfig({ ...production, HSTS: '0' }).HSTS).toBe(false);
    expect(loadConfig({}).HSTS).toBe(false);
    expect(loadConfig({ HSTS: 'on' }).HSTS).toBe(true);
    expect(() => loadConfig({ HSTS: 'maybe' })).toThrow(/HSTS must be 1\/0/);
  });

  it('HSTS: the header is sent when on (with the configured max-age), absent when off', async () => {
    const on = await createTestApp({ HSTS: '1', HSTS_MAX_AGE_SECONDS: '15552000' });
    const off = await createTestApp();
    try {
      expect((await on.app.inject('/api/health')).headers['strict-transport-security']).toBe(
        'max-age=15552000; includeSubDomains',
      );
      expect((await off.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await on.close();
      await off.close();
    }
  });
});

describe('security headers, worked out once', () => {
  it('helmetHeaders() gives what the helmet middleware sets, and refuses a bad option as helmet does', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
    });
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'self'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(() => helmetHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(
      /Content-Security-Policy received an invalid/,
    );
  });

  it('every answer carries them: a 200, a 404, a 401 and a 400 refused before any handler', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/health', '/api/nope', '/api/me', '/api/addresses/provinces?x=%00']) {
        const res = await t.app.inject(url);
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        for (const name of [
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
          'origin-agent-cluster',
          'referrer-policy',
          'x-content-type-options',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ])
          expect(res.headers[name], `${url} ${name}`).toBeDefined();
      }
    } finally {
      await t.close();
    }
  });
});
