import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { ScreeningHit } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { amlScreenings, customers, sanctionsLists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';

export interface AmlScreeningItem {
  id: string;
  customerId: string;
  phone: string;
  screenedAt: string;
  hits: ScreeningHit[];
  resolution: 'cleared' | 'confirmed' | null;
  resolvedAt: string | null;
  note: string | null;
}

type Row = { s: typeof amlScreenings.$inferSelect; phone: string };
const item = ({ s, phone }: Row): AmlScreeningItem => ({
  id: s.id,
  customerId: s.customerId,
  phone,
  screenedAt: s.screenedAt.toISOString(),
  hits: s.hits,
  resolution: s.resolution as AmlScreeningItem['resolution'],
  resolvedAt: s.resolvedAt?.toISOString() ?? null,
  note: s.note,
});

async function screeningWithPhone(db: Db | Tx, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select({ s: amlScreenings, phone: customers.phone })
    .from(amlScreenings)
    .innerJoin(customers, eq(customers.id, amlScreenings.customerId))
    .where(eq(amlScreenings.id, id));
  return row;
}

/**
 * GET /api/console/aml/screenings (BE-14): possible matches waiting for a person, oldest first,
 * and the list they were screened against. Audited (names on a sanctions list are the most
 * sensitive data we hold).
 */
export async function listAmlScreenings(
  ctx: ConsoleContext,
  input: { actor: Actor },
): Promise<{
  items: AmlScreeningItem[];
  list: { importedAt: string; people: number; generatedAt: string | null } | null;
}> {
  const rows = await ctx.db
    .select({ s: amlScreenings, phone: customers.phone })
    .from(amlScreenings)
    .innerJoin(customers, eq(customers.id, amlScreenings.customerId))
    .where(and(eq(amlScreenings.outcome, 'possible_match'), isNull(amlScreenings.resolution)))
    .orderBy(asc(amlScreenings.screenedAt))
    .limit(200);
  const [list] = await ctx.db.select().from(sanctionsLists).orderBy(desc(sanctionsLists.importedAt)).limit(1);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'aml.list',
    targetType: 'aml_screening',
    detail: { shown: rows.length },
  });
  return {
    items: rows.map(item),
    list: list
      ? { importedAt: list.importedAt.toISOString(), people: list.people, generatedAt: list.generatedAt }
      : null,
  };
}

/**
 * POST /api/console/aml/screenings/:screeningId/resolve (BE-14): a person decides a possible
 * match: `cleared` (another person: the hold lifts) or `confirmed` (the borrower is listed: the
 * hold stays, and the suspicious-transaction report is filed outside the app, noted here). Once:
 * a second submit changes nothing and gets the decision back. Audited with before and after.
 */
export async function resolveAmlScreening(
  ctx: ConsoleContext,
  input: { actor: Actor; screeningId: string; resolution: 'cleared' | 'confirmed'; note: string },
): Promise<AmlScreeningItem> {
  const result = await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(amlScreenings)
      .set({
        resolution: input.resolution,
        resolvedBy: input.actor.operatorId,
        resolvedAt: ctx.clock.now(),
        note: input.note,
      })
      .where(
        and(
          eq(amlScreenings.id, input.screeningId),
          eq(amlScreenings.outcome, 'possible_match'),
          isNull(amlScreenings.resolution),
        ),
      )
      .returning({ id: amlScreenings.id });
    const row = await screeningWithPhone(tx, input.screeningId);
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'aml.resolve',
      targetType: 'aml_screening',
      targetId: input.screeningId,
      outcome: row ? 'ok' : 'not_found',
      before: row ? { resolution: changed.length ? null : row.s.resolution } : null,
      after: row ? { resolution: row.s.resolution, note: row.s.note } : null,
      detail: { alreadyResolved: row ? changed.length === 0 : null },
    });
    return row ? item(row) : null;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
