import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_DELINQUENCY_BUCKETS_TEXT,
  DEFAULT_PROVISION_RATES_TEXT,
  INACTIVE_APPLICANT_RETENTION_DAYS,
  parseDelinquencyBuckets,
  parseProvisionRates,
} from '@pisonow/domain';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
      error: 'must be 1/0, true/false, on/off or yes/no',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'on', 'yes'].includes(v)));
/** `10.0.0.0/8`, `2001:db8::/32`, a single address, or a range proxy-addr names */
const isProxyAddress = (text: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};
/**
 * Which X-Forwarded-For entries to believe. Per-IP login limits count `request.ip`, so believing
 * every entry (`1`/`all`) lets a client write any address it likes into the header and escape them,
 * unless the proxy in front overwrites the header. Production names its proxies instead (addresses,
 * CIDR ranges, or proxy-addr's `loopback`/`linklocal`/`uniquelocal`): the client is then the first
 * address, from the right, that is not one of them. A hop count is not offered: Fastify refuses it
 * (it cannot tell a proxy from a client that connects directly).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((text, ctx): boolean | string[] => {
    const v = (text ?? '0').trim().toLowerCase();
    if (['0', 'false', 'off', 'no'].includes(v)) return false;
    if (['1', 'true', 'on', 'yes', 'all'].includes(v)) return true;
    const list = v
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be 0, 1 (believe every X-Forwarded-For entry), or the proxies: comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    });
    return z.NEVER;
  });
const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/**
 * Every setting comes from the environment, is validated once at start-up and is then read only
 * from this object. The README's configuration table is this schema in prose.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(8080, 1, 65535),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy,
    // HSTS: unset = on in production (served behind TLS), off otherwise (plain http on localhost)
    HSTS: z
      .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
        error: 'must be 1/0, true/false, on/off or yes/no',
      })
      .optional()
      .transform((v) => (v === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(v))),
    HSTS_MAX_AGE_SECONDS: int(31_536_000, 0, 63_072_000),
    // CHECK_RESPONSES: unset = off in production, on otherwise (lib/response-serializer.ts)
    CHECK_RESPONSES: z
      .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
        error: 'must be 1/0, true/false, on/off or yes/no',
      })
      .optional()
      .transform((v) => (v === undefined ? undefined : ['1', 'true', 'on', 'yes'].includes(v))),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
    // operator console (issue 11): its own bundle under /console, its own sign-in
    CONSOLE_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/console/dist')),
    CONSOLE_IDLE_MINUTES: int(15, 1, 240),
    CONSOLE_SESSION_HOURS: int(12, 1, 24),
    CONSOLE_LOCK_FAILURES: int(5, 2, 50),
    CONSOLE_LOCK_MINUTES: int(15, 1, 1440),
    SANDBOX: bool(true),
    JOBS: bool(true),
    // SIGTERM: stop taking requests, finish the ones in flight and the running jobs, for at most this long
    SHUTDOWN_TIMEOUT_SECONDS: int(25, 1, 600),
    SECRET_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 random bytes): openssl rand -hex 32')
      .optional(),
    SMS_PROVIDER: z.enum(['sandbox', 'semaphore']).default('sandbox'),
    SEMAPHORE_API_KEY: z.string().min(1).optional(),
    SEMAPHORE_SENDER_NAME: z.string().max(11, 'at most 11 characters').optional(),
    SEMAPHORE_BASE_URL: z.url('must be a URL').default('https://api.semaphore.co/api/v4'),
    OTP_TTL_SECONDS: int(300, 60, 3600),
    OTP_RESEND_SECONDS: int(60, 10, 3600),
    OTP_DAILY_LIMIT: int(10, 1, 100),
    OTP_MAX_ATTEMPTS: int(5, 1, 20),
    LOGIN_LOCK_FAILURES: int(10, 2, 100),
    LOGIN_LOCK_WINDOW_MINUTES: int(60, 1, 1440),
    LOGIN_LOCK_MINUTES: int(30, 1, 1440),
    CAPTCHA_IP_SENDS_PER_HOUR: int(5, 1, 1000),
    CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: int(30, 1, 10000),
    // BE-02 brake on SMS pumping: codes sent in the last hour to everyone together, from anywhere,
    // past which every send needs the captcha. Set it to about three times the busiest hour of
    // ordinary traffic (README: how to read it from otp_codes)
    CAPTCHA_TOTAL_SENDS_PER_HOUR: int(1000, 1, 1_000_000),
    // BE-02 wrong codes from one client network (clientNetwork: IPv4 address, IPv6 /64) in a
    // sliding window, past which its logins are refused before the code is checked
    LOGIN_IP_FAILURES: int(20, 1, 100_000),
    LOGIN_IP_WINDOW_MINUTES: int(60, 1, 1440),
    SESSION_TTL_DAYS: int(30, 1, 365),
    IDEMPOTENCY_LEASE_SECONDS: int(30, 1, 3600),
    PRODUCT_NAME: z.string().min(1).default('PisoNow'),
    COMPANY_NAME: z.string().min(1).default('PisoNow Lending Corporation'),
    COMPANY_SEC_REG_NO: z.string().min(1).default('CS0000000000 (sandbox)'),
    COMPANY_CA_NO: z.string().min(1).default('0000 (sandbox)'),
    SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@pisonow.example'),
    /** BE-11: calendar days from a complaint to the date its resolution is promised by */
    COMPLAINT_RESOLUTION_DAYS: int(30, 1, 90),
    /** BE-12: days of no application activity after which an applicant never paid out is erased */
    RETENTION_INACTIVE_APPLICANT_DAYS: int(INACTIVE_APPLICANT_RETENTION_DAYS, 30, 3650),
    /** BE-12: applicants erased per batch (one transaction each; a batch's objects deleted together) */
    RETENTION_BATCH_SIZE: int(100, 1, 1000),
    /** BE-13: a month's CIC file is to be sent by this day of the next month (counsel to confirm) */
    CREDIT_REPORT_SUBMIT_BY_DAY: int(15, 1, 28),
    HOTLINE: z.string().default(''),
    WEB_EMAIL: z.string().default(''),
    WEBSITE: z.string().default(''),
    PRIVACY_POLICY_VERSION: z.string().min(1).max(32).default('2026-11-01'),
    // photos (BE-03): private object storage, upload grants, owner-only links
    PAYOUT_PROVIDER: z.enum(['sandbox', 'xendit']).default('sandbox'),
    XENDIT_SECRET_KEY: z.string().min(1).optional(),
    XENDIT_CALLBACK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    XENDIT_BASE_URL: z.url('must be a URL').default('https://api.xendit.co'),
    // repayments (ST-02): e-wallet checkout, bank transfer, over-the-counter codes
    COLLECTION_PROVIDER: z.enum(['sandbox', 'xendit']).default('sandbox'),
    XENDIT_COLLECTION_SECRET_KEY: z.string().min(1).optional(),
    SANDBOX_COLLECTION_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url('must be a URL').optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool(false),
    PHOTO_MAX_BYTES: int(8 * 1024 * 1024, 100_000, 25 * 1024 * 1024),
    PHOTO_UPLOAD_GRANT_SECONDS: int(600, 60, 3600),
    PHOTO_LINK_SECONDS: int(300, 30, 3600),
    SELFIE_MODE: z.enum(['selfie', 'idInHand']).default('selfie'),
    // servicing (issue 7)
    /** the address borrowers reach the app at (e-wallet checkouts send the browser back here) */
    PUBLIC_BASE_URL: z.url('must be a URL').optional(),
    /** RO-02: switch off payout-account changes ("The system is under maintenance for bank change") */
    BANK_CHANGE_MAINTENANCE: bool(false),
    /** BE-06: accrual batches the day job runs at once (PostgreSQL; PGlite runs them one by one) */
    ACCRUAL_PARALLELISM: int(2, 1, 8),
    // image decoding and face detection run in a pool of worker threads (memory stays off the main thread)
    IMAGE_WORKERS: int(1, 1, 16),
    IMAGE_WORKER_IDLE_SECONDS: int(60, 1, 86_400),
    /** how far V8's old space grows past what is live before a full collection, % (runtime-settings.ts) */
    HEAP_GROWING_PERCENT: int(30, 0, 400),
    // SH-16: the attribution SDK (Adjust web SDK) runs only in production with this app token; the
    // token is public by nature (every app ships it) but belongs to the deployment, not the code
    ATTRIBUTION_APP_TOKEN: z
      .string()
      .regex(/^\w{6,64}$/, 'must be the SDK app token (letters and digits)')
      .optional(),
    ATTRIBUTION_SDK_URL: z.url('must be a URL').default('https://cdn.adjust.com/adjust-latest.min.js'),
    /** the event token a registration is reported under (with the promotion fields of SH-07) */
    ATTRIBUTION_REGISTRATION_EVENT: z
      .string()
      .regex(/^\w{1,64}$/, 'must be an event token')
      .optional(),
    /** where the SDK sends its reports (added to connect-src only while attribution is on) */
    ATTRIBUTION_CONNECT_ORIGINS: z.string().default('https://*.adjust.com https://*.adjust.world'),
    // issue 10: the how-to-borrow tutorial on /videoIndex. The defaults are the short tutorial shipped
    // with the web app; an empty TUTORIAL_VIDEO_URL shows the poster and the transcript only.
    TUTORIAL_VIDEO_URL: z.string().default('/tutorial/how-to-borrow.mp4'),
    TUTORIAL_POSTER_URL: z.string().default('/tutorial/how-to-borrow.jpg'),
    /** {lang} becomes en-US, fil and zh-CN: one WebVTT file per language */
    TUTORIAL_CAPTIONS_URL: z
      .string()
      .default('/tutorial/how-to-borrow.{lang}.vtt')
      .refine((v) => v === '' || v.includes('{lang}'), 'must contain {lang} (or be empty)'),
    /**
     * Non-working days besides weekends and the regular holidays (BE-14 working-day deadlines): the
     * special days, Eid'l Fitr and Eid'l Adha and any moved date of the yearly proclamation.
     */
    NON_WORKING_DAYS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const days = text
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean);
        for (const day of days)
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
            ctx.addIssue({ code: 'custom', message: `"${day}" is not a YYYY-MM-DD date` });
            return z.NEVER;
          }
        return days;
      }),
    /** days-past-due buckets, best to worst (BE-15): `id:min-max`, the last open-ended */
    DELINQUENCY_BUCKETS: z
      .string()
      .default(DEFAULT_DELINQUENCY_BUCKETS_TEXT)
      .transform((text, ctx) => {
        try {
          return parseDelinquencyBuckets(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /** month-end provisioning rate per bucket in basis points (BE-15): `bucket:bp`, every bucket */
    PROVISION_RATES_BP: z.string().default(DEFAULT_PROVISION_RATES_TEXT),
    ROUTE_ALIASES: z
      .string()
      .default('{}')
      .transform((text, ctx) => {
        try {
          const parsed = z
            .record(z.string().regex(/^\w+$/), z.string().regex(/^\/[\w-]+$/))
            .parse(JSON.parse(text));
          return parsed;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object of route name → "/alias-path"' });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, ctx) => {
    try {
      parseProvisionRates(env.PROVISION_RATES_BP, env.DELINQUENCY_BUCKETS);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['PROVISION_RATES_BP'], message: (error as Error).message });
    }
    if (env.NODE_ENV === 'production') {
      // Sandbox routes (outbox, captcha answers) would hand out login codes: never in production.
      if (env.SANDBOX)
        ctx.addIssue({ code: 'custom', path: ['SANDBOX'], message: 'must be 0 when NODE_ENV=production' });
      if (!env.SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['SECRET_KEY'],
          message: 'is required when NODE_ENV=production',
        });
      if (!env.DATABASE_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['DATABASE_URL'],
          message: 'is required when NODE_ENV=production (PGlite is for development)',
        });
      if (env.SMS_PROVIDER === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'must be a real provider when NODE_ENV=production',
        });
      // BE-07 (SEC MC 19 s.2019): the registration shown in the app and on every document is real
      for (const key of ['COMPANY_SEC_REG_NO', 'COMPANY_CA_NO'] as const) {
        if (isPlaceholderRegistration(env[key]))
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message:
              'must be the real registration number when NODE_ENV=production (not the sandbox placeholder)',
          });
      }
    }
    if (env.STORAGE_PROVIDER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_PROVIDER=s3' });
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the SDK default chain)',
      });
    }
    if (env.PAYOUT_PROVIDER === 'xendit') {
      if (!env.XENDIT_SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['XENDIT_SECRET_KEY'],
          message: 'is required when PAYOUT_PROVIDER=xendit',
        });
      if (!env.XENDIT_CALLBACK_TOKEN)
        ctx.addIssue({
          code: 'custom',
          path: ['XENDIT_CALLBACK_TOKEN'],
          message: 'is required when PAYOUT_PROVIDER=xendit',
        });
    }
    if (env.COLLECTION_PROVIDER === 'xendit') {
      if (!env.XENDIT_COLLECTION_SECRET_KEY && !env.XENDIT_SECRET_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['XENDIT_SECRET_KEY'],
          message: 'is required when COLLECTION_PROVIDER=xendit (or XENDIT_COLLECTION_SECRET_KEY)',
        });
      }
      if (!env.XENDIT_CALLBACK_TOKEN)
        ctx.addIssue({
          code: 'custom',
          path: ['XENDIT_CALLBACK_TOKEN'],
          message: 'is required when COLLECTION_PROVIDER=xendit',
        });
      // Xendit refuses e-wallet return URLs that are not https: without such an address every GCash
      // or Maya repayment would fail at Xendit (the borrower sees COLLECTION_FAILED)
      if (!env.PUBLIC_BASE_URL?.startsWith('https://'))
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_BASE_URL'],
          message:
            'must be an https address when COLLECTION_PROVIDER=xendit (e-wallet checkouts return the borrower there)',
        });
    }
    if (env.NODE_ENV === 'production' && env.COLLECTION_PROVIDER === 'sandbox')
      ctx.addIssue({
        code: 'custom',
        path: ['COLLECTION_PROVIDER'],
        message: 'must be a real provider when NODE_ENV=production',
      });
    if (env.NODE_ENV === 'production' && env.PAYOUT_PROVIDER === 'sandbox')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOUT_PROVIDER'],
        message: 'must be a real provider when NODE_ENV=production',
      });
    if (env.SMS_PROVIDER === 'semaphore' && !env.SEMAPHORE_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEMAPHORE_API_KEY'],
        message: 'is required when SMS_PROVIDER=semaphore',
      });
    }
  })

  // defaults that depend on another setting
  .transform((env) => ({
    ...env,
    HSTS: env.HSTS ?? env.NODE_ENV === 'production',
    CHECK_RESPONSES: env.CHECK_RESPONSES ?? env.NODE_ENV !== 'production',
    PROVISION_RATES_BP: parseProvisionRates(env.PROVISION_RATES_BP, env.DELINQUENCY_BUCKETS),
  }));

export type Config = z.output<typeof envSchema>;

/** The sandbox defaults and other obvious stand-ins (all zeros, "sandbox", "test", "TBD"). */
export function isPlaceholderRegistration(value: string): boolean {
  return /sandbox|test|tbd|example|x{3,}/i.test(value) || /^[A-Z]{0,3}0+$/i.test(value.replace(/[\s-]/g, ''));
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and validates the environment; throws ConfigError listing every bad value at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", so `FOO= npm start` behaves like not setting FOO.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'} ${i.message}`));
  }
  return result.data;
}
