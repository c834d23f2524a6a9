import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { applicationSteps, applications, customers } from '../../db/schema/index.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';

/**
 * The borrower as the loan documents name them (the agreement, the statement of account, the
 * clearance letter): the name and address from their application, the number they log in with.
 */
export async function borrowerParty(
  db: Db | Tx,
  customerId: string,
): Promise<{ name: string; phone: string; address: string }> {
  const [customer] = await db
    .select({ phone: customers.phone, applicationId: applications.id })
    .from(customers)
    .leftJoin(applications, eq(applications.customerId, customers.id))
    .where(eq(customers.id, customerId));
  const steps = customer?.applicationId
    ? await db
        .select()
        .from(applicationSteps)
        .where(eq(applicationSteps.applicationId, customer.applicationId))
    : [];
  const step = (name: string) => (steps.find((s) => s.step === name)?.data ?? {}) as Record<string, string>;
  const identity = step('identityInfo');
  const address = step('addressInfo');
  return {
    name: [identity.firstName, identity.middleName, identity.lastName].filter(Boolean).join(' '),
    phone: customer ? `+63${customer.phone}` : '',
    address: `${address.detailedAddress ?? ''}, ${psgcDirectory().describe(address.provinceCode ?? '', address.cityCode ?? '', address.barangayCode ?? '') ?? ''}`,
  };
}
