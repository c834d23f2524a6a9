import { eq } from 'drizzle-orm';
import { DEFAULT_POSTAL_CODE_LENGTH, applicationContracts, manilaDate, type ContractContext } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

/**
 * What the step contracts need to know that the request does not say: today in Manila (ages),
 * the postal-code rule, and the borrower's own number (an emergency contact may not be it).
 * Built on the server from the clock and the session, never from the browser.
 */
export async function contractContext(db: Db | Tx, customerId: string, now: Date): Promise<ContractContext> {
  const [customer] = await db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  return { today: manilaDate(now), postalCodeLength: DEFAULT_POSTAL_CODE_LENGTH, registeredPhone: customer?.phone };
}

export async function contractsFor(db: Db | Tx, customerId: string, now: Date) {
  return applicationContracts(await contractContext(db, customerId, now));
}
