// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { loadConfig, ConfigError } from '../config.ts';
import { openDatabase } from './client.ts';
import path from 'node:path';

try {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await database.migrate();
  await database.close();
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
