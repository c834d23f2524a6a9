import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { importSanctionsList } from './import-sanctions-list.ts';

/**
 * `npm run aml:import -w @pisonow/api -- <consolidated.xml>` (BE-14): imports the UN list the
 * operator downloaded from the Security Council's site and screens every borrower against it.
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run aml:import -w @pisonow/api -- <consolidated.xml>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.join(config.DATA_DIR, 'pglite'),
});
await database.migrate();
try {
  const result = await importSanctionsList(database.db, { xml: readFileSync(file, 'utf8'), now: new Date() });
  console.log(JSON.stringify(result));
} finally {
  await database.close();
}
