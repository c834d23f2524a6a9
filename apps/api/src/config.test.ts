import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('configuration from the environment', () => {
  it('defaults give the embedded, sandboxed development setup', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      SANDBOX: true,
      SMS_PROVIDER: 'sandbox',
      OTP_TTL_SECONDS: 300,
      OTP_RESEND_SECONDS: 60,
      JOBS: true,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('every bad value is reported at once with a clear message', () => {
    const p = problems({
      PORT: 'eighty',
      SANDBOX: 'maybe',
      DATABASE_URL: 'mysql://x',
      SECRET_KEY: 'short',
      OTP_TTL_SECONDS: '5',
      ROUTE_ALIASES: '{"start":"no-slash"}',
      HEAP_GROWING_PERCENT: '500',
    });
    expect(p).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number',
        'SANDBOX must be 1/0, true/false, on/off or yes/no',
        'DATABASE_URL must be a postgres:// or postgresql:// connection string',
        'SECRET_KEY must be 64 hex characters (32 random bytes): openssl rand -hex 32',
        'OTP_TTL_SECONDS must be at least 60',
        'ROUTE_ALIASES must be a JSON object of route name → "/alias-path"',
        'HEAP_GROWING_PERCENT must be at most 400',
      ]),
    );
  });

  it('production refuses the sandbox, a missing secret, PGlite and the sandbox SMS', () => {
    const p = problems({ NODE_ENV: 'production' });
    expect(p).toEqual(
      expect.arrayContaining([
        'SANDBOX must be 0 when NODE_ENV=production',
        'SECRET_KEY is required when NODE_ENV=production',
        'DATABASE_URL is required when NODE_ENV=production (PGlite is for development)',
        'SMS_PROVIDER must be a real provider when NODE_ENV=production',
      ]),
    );
  });

  it('semaphore needs its API key', () => {
    expect(problems({ SMS_PROVIDER: 'semaphore' })).toContain(
      'SEMAPHORE_API_KEY is required when SMS_PROVIDER=semaphore',
    );
  });

  it('an empty value means unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('BE-02 TRUST_PROXY: off, every hop, or the addresses of the proxies in front', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'all' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual([
      'loopback',
      'uniquelocal',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,192.0.2.10' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
      '192.0.2.10',
    ]);
    // a hop count would be taken by Fastify as "trust nobody": every borrower would share the proxy's address
    expect(problems({ TRUST_PROXY: '2' })).toEqual([
      'TRUST_PROXY must be 0, 1 (believe every X-Forwarded-For entry), or the proxies: comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    ]);
    expect(problems({ TRUST_PROXY: '10.0.0.0/99' })).toHaveLength(1);
    expect(problems({ TRUST_PROXY: 'caddy' })).toHaveLength(1);
  });

  it('SH-05 route aliases come from configuration', () => {
    expect(loadConfig({ ROUTE_ALIASES: '{"start":"/x7k2"}' }).ROUTE_ALIASES).toEqual({ start: '/x7k2' });
  });

  it('BE-07 production refuses the placeholder SEC registration and certificate of authority numbers', () => {
    const p = problems({ NODE_ENV: 'production' });
    expect(p).toEqual(
      expect.arrayContaining([
        'COMPANY_SEC_REG_NO must be the real registration number when NODE_ENV=production (not the sandbox placeholder)',
        'COMPANY_CA_NO must be the real registration number when NODE_ENV=production (not the sandbox placeholder)',
      ]),
    );
    const real = problems({
      NODE_ENV: 'production',
      COMPANY_SEC_REG_NO: 'CS201912345',
      COMPANY_CA_NO: '3021',
    });
    expect(real.filter((m) => m.startsWith('COMPANY_'))).toEqual([]);
    for (const placeholder of ['CS0000000000 (sandbox)', '0000', 'TBD', 'CS-0000-000'])
      expect(
        problems({ NODE_ENV: 'production', COMPANY_CA_NO: placeholder }).some((m) =>
          m.startsWith('COMPANY_CA_NO'),
        ),
      ).toBe(true);
    // development and the sandbox keep their defaults
    expect(problems({}).filter((m) => m.startsWith('COMPANY_'))).toEqual([]);
  });
});
