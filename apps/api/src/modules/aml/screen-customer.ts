import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { screenPerson, type ListedPerson, type ScreeningResult } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { amlScreenings, sanctionsEntries, sanctionsLists } from '../../db/schema/index.ts';
import { rateCustomer } from './rate-customer.ts';

/** The newest imported list and its people, or null before any import. */
export async function latestSanctionsList(
  db: Db | Tx,
): Promise<{ id: string; people: ListedPerson[] } | null> {
  const [list] = await db.select().from(sanctionsLists).orderBy(desc(sanctionsLists.importedAt)).limit(1);
  if (!list) return null;
  const entries = await db.select().from(sanctionsEntries).where(eq(sanctionsEntries.listId, list.id));
  return {
    id: list.id,
    people: entries.map((e) => ({ reference: e.reference, names: e.names, birthDates: e.birthDates })),
  };
}

/**
 * Screens one borrower against the newest list and records it (BE-14). Returns whether the
 * borrower is held for review: a possible match on this list that no one has cleared (a cleared
 * match on the same list and the same hits stays cleared; a new list screens afresh).
 */
export async function screenCustomer(
  db: Db | Tx,
  input: { customerId: string; fullName: string; birthDate: string; now: Date },
  list?: { id: string; people: ListedPerson[] } | null,
): Promise<{ screened: ScreeningResult | null; held: boolean }> {
  const against = list === undefined ? await latestSanctionsList(db) : list;
  if (!against) return { screened: null, held: false };
  const result = screenPerson({ fullName: input.fullName, birthDate: input.birthDate }, against.people);
  const [previous] = await db
    .select()
    .from(amlScreenings)
    .where(and(eq(amlScreenings.customerId, input.customerId), eq(amlScreenings.listId, against.id)))
    .orderBy(desc(amlScreenings.screenedAt))
    .limit(1);
  const sameHits =
    previous &&
    JSON.stringify(previous.hits.map((h) => h.reference).sort()) ===
      JSON.stringify(result.hits.map((h) => h.reference).sort());
  if (previous && sameHits) {
    // nothing new against this list: the earlier screening (and any decision on it) stands
    await rateCustomer(db, { customerId: input.customerId, now: input.now, trigger: 'screening' });
    return {
      screened: result,
      held: previous.outcome === 'possible_match' && previous.resolution !== 'cleared',
    };
  }
  await db.insert(amlScreenings).values({
    id: randomUUID(),
    customerId: input.customerId,
    listId: against.id,
    outcome: result.outcome,
    hits: result.hits,
    screenedAt: input.now,
  });
  // BE-14: the risk rating is recomputed with every screening
  await rateCustomer(db, { customerId: input.customerId, now: input.now, trigger: 'screening' });
  return { screened: result, held: result.outcome === 'possible_match' };
}

/** Whether the borrower's newest screening holds them (a possible match not cleared). */
export async function amlHold(db: Db | Tx, customerId: string): Promise<boolean> {
  const [latest] = await db
    .select()
    .from(amlScreenings)
    .where(eq(amlScreenings.customerId, customerId))
    .orderBy(desc(amlScreenings.screenedAt))
    .limit(1);
  return !!latest && latest.outcome === 'possible_match' && latest.resolution !== 'cleared';
}
