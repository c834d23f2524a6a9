import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { purposeKey } from './lib/crypto.ts';
import path from 'node:path';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { refuseUndeclaredSuccess } from './lib/declared-answers.ts';
import './types.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { OffsetClock, systemClock, type Clock } from './lib/clock.ts';
import { sandboxClock as sandboxClockTable } from './db/schema/index.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { loggerOptions, OneLinePerRequest } from './lib/log-redaction.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { SandboxSmsProvider } from './providers/sms/sandbox-sms.ts';
import { SemaphoreSmsProvider } from './providers/sms/semaphore-sms.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';
import { LocalDiskStorage } from './providers/storage/local-disk-storage.ts';
import type { FaceDetector } from './providers/face/face-detector.ts';
import { ImageWorkerPool, type PhotoInspector } from './workers/image-pool.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import { SandboxPayoutProvider } from './providers/payout/sandbox-payout.ts';
import { XenditPayoutProvider } from './providers/payout/xendit-payout.ts';
import type { CollectionProvider } from './providers/collection/collection-provider.ts';
import {
  SandboxCollectionProvider,
  sandboxCollectionWebhookSecret,
} from './providers/collection/sandbox-collection.ts';
import { XenditCollectionProvider } from './providers/collection/xendit-collection.ts';
import helmetPlugin from './plugins/external/helmet.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import staticWebPlugin from './plugins/external/static-web.ts';
import errorHandlerPlugin, { clientErrorHandler, frameworkErrors } from './plugins/app/error-handler.ts';
import databasePlugin from './plugins/app/database.ts';
import jobsPlugin from './plugins/app/jobs.ts';
import authPlugin from './plugins/app/auth.ts';
import operatorAuthPlugin from './plugins/app/operator-auth.ts';
import idempotencyPlugin from './plugins/app/idempotency.ts';
import textGuardPlugin from './plugins/app/text-guard.ts';
import platformRoutes from './modules/platform/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import sandboxRoutes, { sandboxServicingRoutes } from './modules/sandbox/routes.ts';
import addressRoutes from './modules/addresses/routes.ts';
import applicationRoutes from './modules/application/routes.ts';
import photoRoutes from './modules/photos/routes.ts';
import lendingRoutes from './modules/lending/routes.ts';
import orderRoutes from './modules/orders/routes.ts';
import servicingRoutes from './modules/servicing/routes.ts';
import homeRoutes from './modules/home/routes.ts';
import easyReloanRoutes from './modules/easy-reloan/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import supportRoutes from './modules/support/routes.ts';
import consoleProductRoutes from './modules/console/product-routes.ts';
import privacyRoutes from './modules/privacy/routes.ts';
import consolePrivacyRoutes from './modules/console/privacy-routes.ts';
import consoleDisputeRoutes from './modules/console/dispute-routes.ts';
import consoleAccountingRoutes from './modules/console/accounting-routes.ts';
import creditReportRoutes from './modules/credit-reports/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import amlRoutes, { amlStrRoutes } from './modules/aml/routes.ts';
import consoleRoutes from './modules/console/routes.ts';
import consoleEngagementRoutes from './modules/console/engagement-routes.ts';
import consoleMoneyRoutes from './modules/console/money-routes.ts';
import consoleReviewRoutes from './modules/console/review-routes.ts';
import { seedDemoOperators } from './modules/console/demo-operators.ts';
import couponRoutes from './modules/coupons/routes.ts';
import complaintRoutes from './modules/complaints/routes.ts';
import consoleComplaintRoutes from './modules/complaints/console-routes.ts';

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
  /** replaces the photo inspector (tests) */
  photoInspector?: PhotoInspector;
  /** replaces the configured payout provider (tests) */
  payoutProvider?: PayoutProvider;
  /** replaces the configured collection provider (tests) */
  collectionProvider?: CollectionProvider;
  logger?: FastifyServerOptions['logger'];
  /** the configured logger, written to this stream (tests read the log) */
  logStream?: NodeJS.WritableStream;
}

function smsProviderFor(app: FastifyInstance): SmsProvider {
  const c = app.config;
  if (c.SMS_PROVIDER === 'semaphore') {
    return new SemaphoreSmsProvider({
      apiKey: c.SEMAPHORE_API_KEY!,
      senderName: c.SEMAPHORE_SENDER_NAME,
      baseUrl: c.SEMAPHORE_BASE_URL,
    });
  }
  return new SandboxSmsProvider(app.db, app.clock, app.log);
}

function payoutProviderFor(config: Config, secretKey: Buffer): PayoutProvider {
  if (config.PAYOUT_PROVIDER === 'xendit') {
    return new XenditPayoutProvider({
      secretKey: config.XENDIT_SECRET_KEY!,
      callbackToken: config.XENDIT_CALLBACK_TOKEN!,
      baseUrl: config.XENDIT_BASE_URL,
    });
  }
  return new SandboxPayoutProvider(purposeKey(secretKey, 'sandbox-payout-callback'));
}

function collectionProviderFor(config: Config, secretKey: Buffer): CollectionProvider {
  if (config.COLLECTION_PROVIDER === 'xendit') {
    return new XenditCollectionProvider({
      secretKey: config.XENDIT_COLLECTION_SECRET_KEY ?? config.XENDIT_SECRET_KEY!,
      callbackToken: config.XENDIT_CALLBACK_TOKEN!,
      baseUrl: config.XENDIT_BASE_URL,
      displayName: config.COMPANY_NAME,
    });
  }
  // the sandbox's checkout page is served by the sandbox routes (/api/sandbox/checkout/<id>)
  return new SandboxCollectionProvider({
    webhookSecret: sandboxCollectionWebhookSecret(config.SANDBOX_COLLECTION_WEBHOOK_SECRET, secretKey),
    accountName: config.COMPANY_NAME,
    checkoutPath: '/api/sandbox/checkout',
  });
}

async function storageFor(config: Config): Promise<ObjectStorage> {
  if (config.STORAGE_PROVIDER === 's3') {
    // the AWS SDK is loaded only when configured (it is a large module graph)
    const { S3Storage } = await import('./providers/storage/s3-storage.ts');
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  // under DATA_DIR, never under WEB_DIST: photos are only ever served through signed links
  return new LocalDiskStorage(path.join(config.DATA_DIR, 'objects'));
}

/** BE-09: in sandbox mode time is the test clock, moved where the last run left it. */
async function sandboxClock(database: Database): Promise<OffsetClock> {
  const clock = new OffsetClock();
  await followStoredClock(clock, database.db);
  return clock;
}

/**
 * The test clock moves for the whole system (BE-09), also where several processes share one
 * PostgreSQL: `POST /api/sandbox/clock` moves the process it reaches and stores the offset, and every
 * process follows the stored offset (read at start and then every second). Without this a second
 * process kept the old date: it sent "due tomorrow" reminders for loans already overdue and dated
 * its postings in the past.
 */
export async function followStoredClock(clock: OffsetClock, db: Database['db']): Promise<boolean> {
  const [row] = await db.select({ offsetMs: sandboxClockTable.offsetMs }).from(sandboxClockTable);
  return clock.catchUp(Number(row?.offsetMs ?? 0n));
}

/**
 * Builds the whole server: external plugins, then app plugins, then routes (fastify/demo order).
 * Tests build it too and talk to it with `inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
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
  // every JSON answer is written from its route's contract: checked with zod and compared with
  // the compiled serializer outside production, the compiled serializer alone in production
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.CHECK_RESPONSES }));
  // a 2xx status a route does not declare would skip the serializer's check (lib/declared-answers.ts)
  if (config.CHECK_RESPONSES) app.addHook('onSend', refuseUndeclaredSuccess);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.DATA_DIR, 'pglite'),
      now: () => (options.clock ?? systemClock).now(),
    }));
  if (ownsDatabase) await database.migrate();

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (config.SANDBOX ? await sandboxClock(database) : systemClock));
  if (app.clock instanceof OffsetClock && database.kind === 'postgres') {
    const clock = app.clock;
    // PGlite is one process (its data folder is locked); PostgreSQL may have several
    const follow = setInterval(
      () => void followStoredClock(clock, database.db).catch(() => undefined),
      1_000,
    );
    follow.unref();
    app.addHook('onClose', async () => clearInterval(follow));
  }
  // Without SECRET_KEY a local key is generated once into DATA_DIR; a test's own database gets a throw-away key.
  app.decorate('secretKey', resolveSecretKey(config.SECRET_KEY, ownsDatabase ? config.DATA_DIR : undefined));
  // Draining (SIGTERM → app.close()): answers still in flight close their connection, so a kept-alive
  // client cannot hold the shutdown open and its next request goes to another replica.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // external
  await app.register(helmetPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(textGuardPlugin);
  await app.register(swaggerPlugin);
  // app
  await app.register(databasePlugin, { database, closeOnShutdown: ownsDatabase });
  // Image decoding and face detection live in worker threads that start on the first photo (the
  // face model on the first selfie) and exit when idle: the main process never loads sharp or the model.
  const imagePool =
    !options.faceDetector || !options.photoInspector
      ? new ImageWorkerPool({
          maxThreads: config.IMAGE_WORKERS,
          idleTimeoutMs: config.IMAGE_WORKER_IDLE_SECONDS * 1000,
        })
      : undefined;
  if (imagePool) app.addHook('onClose', async () => imagePool.close());
  app.decorate('providers', {
    sms: options.smsProvider ?? smsProviderFor(app),
    storage: options.storage ?? (await storageFor(config)),
    face: options.faceDetector ?? imagePool!,
    images: options.photoInspector ?? imagePool!,
    payouts: options.payoutProvider ?? payoutProviderFor(config, app.secretKey),
    collections: options.collectionProvider ?? collectionProviderFor(config, app.secretKey),
  });
  await app.register(jobsPlugin);
  await app.register(authPlugin);
  await app.register(operatorAuthPlugin);
  await app.register(idempotencyPlugin);
  // routes
  await app.register(
    async (api) => {
      // API answers are per-user and change: never cached by the browser unless a route says so.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(platformRoutes);
      await api.register(authRoutes);
      await api.register(addressRoutes);
      await api.register(photoRoutes);
      await api.register(applicationRoutes);
      await api.register(lendingRoutes);
      await api.register(orderRoutes);
      await api.register(servicingRoutes);
      await api.register(homeRoutes);
      await api.register(easyReloanRoutes);
      await api.register(messageRoutes);
      await api.register(supportRoutes);
      await api.register(complaintRoutes);
      await api.register(privacyRoutes);
      await api.register(consoleRoutes);
      await api.register(consoleEngagementRoutes);
      await api.register(consoleMoneyRoutes);
      await api.register(consoleReviewRoutes);
      await api.register(consolePrivacyRoutes);
      await api.register(consoleDisputeRoutes);
      await api.register(consoleAccountingRoutes);
      await api.register(consoleComplaintRoutes);
      await api.register(creditReportRoutes);
      await api.register(reportRoutes);
      await api.register(amlRoutes);
      await api.register(amlStrRoutes);
      await api.register(consoleProductRoutes);
      await api.register(couponRoutes);
      if (config.SANDBOX) {
        await api.register(sandboxRoutes);
        await api.register(sandboxServicingRoutes);
      }
    },
    { prefix: '/api' },
  );
  await app.register(staticWebPlugin);
  // sandbox (BE-09): demo operators of each role on the server's own database (the server prints them)
  if (config.SANDBOX && ownsDatabase) {
    await seedDemoOperators({
      db: database.db,
      clock: app.clock,
      secretKey: app.secretKey,
      sandbox: config.SANDBOX,
      production: config.NODE_ENV === 'production',
    });
    // sandbox only, so a production server never loads the sample list's XML parser
    const { seedSandboxSanctionsList } = await import('./modules/aml/seed-sandbox-list.ts');
    await seedSandboxSanctionsList(database.db, app.clock);
  }
  return app;
}
