import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sanctionsLists } from '../../db/schema/index.ts';
import { importSanctionsList } from './import-sanctions-list.ts';

/**
 * Sandbox only (BE-09, BE-14): a server with no designated-persons list imports the fictitious
 * sample in the UN format, so screening and the console's AML queue can be tried ("Rodrigo
 * Salvador", born 14 March 1980, is on it). A real deployment imports the real list instead.
 */
export async function seedSandboxSanctionsList(db: Db, clock: Clock): Promise<void> {
  const [any] = await db.select({ id: sanctionsLists.id }).from(sanctionsLists).limit(1);
  if (any) return;
  const xml = readFileSync(new URL('./fixtures/un-consolidated-sample.xml', import.meta.url), 'utf8');
  await importSanctionsList(db, { xml, now: clock.now() });
}
