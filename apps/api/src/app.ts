import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import './types.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { SandboxSmsProvider } from './providers/sms/sandbox-sms.ts';
import { SemaphoreSmsProvider } from './providers/sms/semaphore-sms.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';
import { LocalDiskStorage } from './providers/storage/local-disk-storage.ts';
import { S3Storage } from './providers/storage/s3-storage.ts';
import type { FaceDetector } from './providers/face/face-detector.ts';
import { TinyFaceDetector } from './providers/face/tiny-face-detector.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import { SandboxPayoutProvider } from './providers/payout/sandbox-payout.ts';
import { XenditPayoutProvider } from './providers/payout/xendit-payout.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import staticWebPlugin from './plugins/external/static-web.ts';
import errorHandlerPlugin, { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler.ts';
import databasePlugin from './plugins/app/database.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import authPlugin from './plugins/app/auth.ts';
import idempotencyPlugin from './plugins/app/idempotency.ts';
import textGuardPlugin from './plugins/app/text-guard.ts';
import platformRoutes from './modules/platform/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import sandboxRoutes from './modules/sandbox/routes.ts';
import addressRoutes from './modules/addresses/routes.ts';
import applicationRoutes from './modules/application/routes.ts';
import photoRoutes from './modules/photos/routes.ts';
import lendingRoutes from './modules/lending/routes.ts';
import orderRoutes from './modules/orders/routes.ts';

export interface BuildAppOptions {
  config: Config;
  /** defaults to the system clock; tests pass a ManualClock */
  clock?: Clock;
  /** an open, migrated database; by default one is opened from the config and migrated */
  database?: Database;
  /** replaces the configured SMS provider (tests of the real provider adapter) */
  smsProvider?: SmsProvider;
  /** replaces the configured photo storage (tests) */
  storage?: ObjectStorage;
  /** replaces the face detector (tests) */
  faceDetector?: FaceDetector;
  /** replaces the configured payout provider (tests) */
  payoutProvider?: PayoutProvider;
  logger?: FastifyServerOptions['logger'];
  /** the configured logger, written to this stream (tests read the log) */
  logStream?: NodeJS.WritableStream;
}

function smsProviderFor(app: FastifyInstance): SmsProvider {
  const c = app.config;
  if (c.SMS_PROVIDER === 'semaphore') {
    return new SemaphoreSmsProvider({ apiKey: c.SEMAPHORE_API_KEY!, senderName: c.SEMAPHORE_SENDER_NAME, baseUrl: c.SEMAPHORE_BASE_URL });
  }
  return new SandboxSmsProvider(app.db, app.clock, app.log);
}

function payoutProviderFor(config: Config): PayoutProvider {
  if (config.PAYOUT_PROVIDER === 'xendit') {
    return new XenditPayoutProvider({ secretKey: config.XENDIT_SECRET_KEY!, callbackToken: config.XENDIT_CALLBACK_TOKEN!, baseUrl: config.XENDIT_BASE_URL });
  }
  return new SandboxPayoutProvider();
}

function storageFor(config: Config): ObjectStorage {
  if (config.STORAGE_PROVIDER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
    });
  }
  // under DATA_DIR, never under WEB_DIST: photos are only ever served through signed links
  return new LocalDiskStorage(path.join(config.DATA_DIR, 'objects'));
}

/**
 * Builds the whole server: external plugins, then app plugins, then routes (fastify/demo order).
 * Tests build it too and talk to it with `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // every error is `{ code, message }`, even those raised before routing or by the HTTP parser
    frameworkErrors,
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite'), now: () => (options.clock ?? systemClock).now() }));
  if (ownsDatabase) await database.migrate();

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  // Without SECRET_KEY a local key is generated once into DATA_DIR; a test's own database gets a throw-away key.
  app.decorate('secretKey', resolveSecretKey(config.SECRET_KEY, ownsDatabase ? config.DATA_DIR : undefined));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // external
  await app.register(helmetPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(textGuardPlugin);
  await app.register(swaggerPlugin);
  // app
  await app.register(databasePlugin, { database, closeOnShutdown: ownsDatabase });
  app.decorate('providers', {
    sms: options.smsProvider ?? smsProviderFor(app),
    storage: options.storage ?? storageFor(config),
    // the model loads on the first selfie, not at start-up: most requests never need it
    face: options.faceDetector ?? new TinyFaceDetector(),
    payouts: options.payoutProvider ?? payoutProviderFor(config),
  });
  await app.register(jobsPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  // routes
  await app.register(
    async (api) => {
      // API answers are per-user and change: never cached by the browser unless a route says so.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      await api.register(platformRoutes);
      await api.register(authRoutes);
      await api.register(addressRoutes);
      await api.register(photoRoutes);
      await api.register(applicationRoutes);
      await api.register(lendingRoutes);
      await api.register(orderRoutes);
      if (config.SANDBOX) await api.register(sandboxRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(staticWebPlugin);
  return app;
}
