import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { applyRuntimeSettings } from './runtime-settings.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { demoOperatorsText } from './modules/console/demo-operators.ts';

let config;
try {
  config = loadConfig();
  applyRuntimeSettings(config);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (error) {
  // a second server on the same embedded database: say so plainly and stop
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}

// Graceful shutdown (SIGTERM from docker stop / the orchestrator, or Ctrl-C): stop listening, let the
// requests in flight finish (new requests on open connections get 503, so the proxy retries them
// elsewhere), let running jobs finish and stop fetching new ones, close the worker pool and the
// database. A shutdown that takes longer than SHUTDOWN_TIMEOUT_SECONDS (+5 s) is cut short.
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: draining requests and jobs');
    setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      (config.SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000,
    ).unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `${config.PRODUCT_NAME} on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (database: ${app.database.kind}, sandbox: ${config.SANDBOX ? 'on' : 'off'})`,
  );
  // sandbox only: the demo operators' sign-in details, printed (not logged) once at start
  if (config.SANDBOX) {
    console.log(
      demoOperatorsText(`http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`),
    );
  }
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
