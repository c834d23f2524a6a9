import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationSteps, applications, sanctionsEntries, sanctionsLists } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { parseUnConsolidatedList } from './parse-un-list.ts';
import { screenCustomer } from './screen-customer.ts';

/**
 * Imports a UN consolidated list (BE-14) and screens every borrower who has given their identity
 * against it: new possible matches wait in the console and hold the borrower's next loan. The same
 * file imported twice is one list.
 */
export async function importSanctionsList(
  db: Db,
  input: { xml: string; now: Date },
): Promise<{
  listId: string;
  people: number;
  entities: number;
  screened: number;
  possibleMatches: number;
  duplicate: boolean;
}> {
  const sha256 = sha256Hex(input.xml);
  const [existing] = await db.select().from(sanctionsLists).where(eq(sanctionsLists.sha256, sha256));
  const parsed = parseUnConsolidatedList(input.xml);
  if (existing)
    return {
      listId: existing.id,
      people: existing.people,
      entities: parsed.entities,
      screened: 0,
      possibleMatches: 0,
      duplicate: true,
    };
  const listId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(sanctionsLists).values({
      id: listId,
      source: 'un_consolidated',
      generatedAt: parsed.generatedAt,
      importedAt: input.now,
      people: parsed.people.length,
      sha256,
    });
    for (let i = 0; i < parsed.people.length; i += 500)
      await tx.insert(sanctionsEntries).values(
        parsed.people.slice(i, i + 500).map((p) => ({
          id: randomUUID(),
          listId,
          reference: p.reference,
          names: [...p.names],
          birthDates: [...p.birthDates],
        })),
      );
  });
  const list = { id: listId, people: parsed.people };
  const identities = await db
    .select({ customerId: applications.customerId, data: applicationSteps.data })
    .from(applicationSteps)
    .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
    .where(eq(applicationSteps.step, 'identityInfo'));
  let possibleMatches = 0;
  for (const { customerId, data } of identities) {
    const id = data as Record<string, string>;
    const { screened } = await screenCustomer(
      db,
      {
        customerId,
        fullName: [id.firstName, id.middleName, id.lastName].filter(Boolean).join(' '),
        birthDate: id.birthDate ?? '',
        now: input.now,
      },
      list,
    );
    if (screened?.outcome === 'possible_match') possibleMatches++;
  }
  return {
    listId,
    people: parsed.people.length,
    entities: parsed.entities,
    screened: identities.length,
    possibleMatches,
    duplicate: false,
  };
}
