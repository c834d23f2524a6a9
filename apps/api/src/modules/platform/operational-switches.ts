import { eq } from 'drizzle-orm';
import type { SwitchKey } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { operationalSwitches } from '../../db/schema/index.ts';

/**
 * Whether an operational switch is on (issue 11, RO-02): what an admin last set in the console,
 * else the default the caller passes (the environment's value, e.g. BANK_CHANGE_MAINTENANCE). Read
 * on every use, so a change takes effect at once in every process.
 */
export async function switchIsOn(db: Db | Tx, key: SwitchKey, defaultOn: boolean): Promise<boolean> {
  const [row] = await db
    .select({ on: operationalSwitches.on })
    .from(operationalSwitches)
    .where(eq(operationalSwitches.key, key));
  return row ? row.on : defaultOn;
}
