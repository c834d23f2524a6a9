import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

let config;
try {
  config = loadConfig();
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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.PRODUCT_NAME} on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (database: ${app.database.kind}, sandbox: ${config.SANDBOX ? 'on' : 'off'})`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
