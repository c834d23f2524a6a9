import { randomUUID } from 'node:crypto';
import { desc, lte, sql } from 'drizzle-orm';
import {
  addDays,
  manilaDate,
  monthEnd,
  positionsAsOf,
  provisionRequired,
  provisioningEntries,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { accountingClosures, loanWriteOffs } from '../../db/schema/index.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import { loadPortfolioLoans } from '../reports/load-books.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';
import { rowsOf } from '../../db/rows.ts';

export interface AccountingClosureView {
  month: string;
  closedThrough: string;
  closedAt: string;
  closedBy: string;
  /** every account's balance at the close of the month's last day, in centavos */
  trialBalance: Record<string, string>;
}

const view = (c: typeof accountingClosures.$inferSelect): AccountingClosureView => ({
  month: c.month,
  closedThrough: c.closedThrough,
  closedAt: c.closedAt.toISOString(),
  closedBy: c.closedBy,
  trialBalance: c.trialBalance,
});

/** The ledger's balance by account through a Manila date (every entry posted on or before it). */
export async function trialBalanceThrough(db: Db | Tx, day: string): Promise<Record<string, string>> {
  const result = await db.execute(sql`
    select e.account, sum(e.amount)::text as balance
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where to_char((t.posted_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') <= ${day}
    group by e.account order by e.account
  `);
  const rows = rowsOf<{ account: string; balance: string }>(result);
  return Object.fromEntries(rows.map((r) => [r.account, r.balance]));
}

/**
 * POST /api/console/accounting/closures (BE-15), admin: closes the books through a month's last day.
 * Only a month that has ended (Manila), and months in order (the first closure may be any ended
 * month). The month's provisioning is booked first (bookProvisioning); from then on the database
 * refuses any ledger posting dated in it (trigger, migration 0024); the month's trial balance,
 * which sums to zero, is kept with the closure. Closing a month
 * already closed answers with that closure.
 */
export async function closeAccountingPeriod(
  ctx: MoneyContext,
  input: { actor: Actor; month: string },
): Promise<AccountingClosureView> {
  const now = ctx.clock.now();
  const through = monthEnd(input.month);
  const what = { action: 'accounting.period.close', targetType: 'month', targetId: input.month };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    // one closer at a time: the closures are read and written under a table lock
    await tx.execute(sql`lock table accounting_closures in exclusive mode`);
    const [last] = await tx
      .select()
      .from(accountingClosures)
      .orderBy(desc(accountingClosures.closedThrough))
      .limit(1);
    if (last && last.closedThrough >= through) {
      if (last.month === input.month) return { result: view(last), audit: { replayed: true, detail: {} } };
      throw new AppError('PERIOD_CLOSED');
    }
    if (manilaDate(now) <= through) throw new AppError('PERIOD_NOT_ENDED');
    if (last) {
      const next = addDays(last.closedThrough, 1).slice(0, 7);
      if (next !== input.month) throw new AppError('PERIOD_OUT_OF_ORDER', { params: { next } });
    }
    const provision = await bookProvisioning(tx, input.month, through, ctx);
    const trialBalance = await trialBalanceThrough(tx, through);
    const total = Object.values(trialBalance).reduce((s, v) => s + BigInt(v), 0n);
    if (total !== 0n) throw new Error(`the trial balance through ${through} does not sum to zero: ${total}`);
    const [closed] = await tx
      .insert(accountingClosures)
      .values({
        id: randomUUID(),
        month: input.month,
        closedThrough: through,
        trialBalance,
        closedBy: input.actor.operatorId!,
        closedAt: now,
      })
      .returning();
    return {
      result: view(closed!),
      audit: {
        after: { closedThrough: through },
        detail: { accounts: Object.keys(trialBalance).length, ...provision },
      },
    };
  });
}

/**
 * The month's provisioning (BE-15): the allowance for credit losses brought to what the open book
 * needs at month-end (provisionRequired over every loan's position on its last day, written-off
 * loans left out), posted on the month's last minute, Manila, so it belongs to the month it closes.
 * Keyed by the month: a retried closure books it once.
 */
async function bookProvisioning(
  tx: Tx,
  month: string,
  through: string,
  policy: Pick<MoneyContext, 'delinquencyBuckets' | 'provisionRatesBp'>,
): Promise<{ provisionRequired: string; provisionPosted: string }> {
  const writtenOff = new Set(
    (
      await tx
        .select({ orderId: loanWriteOffs.orderId })
        .from(loanWriteOffs)
        .where(lte(loanWriteOffs.writtenOffOn, through))
    ).map((w) => w.orderId),
  );
  const loans = (await loadPortfolioLoans({ db: tx })).filter((l) => !writtenOff.has(l.id));
  const { total } = provisionRequired(
    positionsAsOf(loans, through, policy.delinquencyBuckets),
    policy.delinquencyBuckets,
    policy.provisionRatesBp,
  );
  const balances = await trialBalanceThrough(tx, through);
  const current = -BigInt(balances.allowance_for_credit_losses ?? '0');
  const entries = provisioningEntries(total, current);
  if (entries.length > 0)
    await postLedgerTransaction(tx, {
      kind: 'provisioning',
      idempotencyKey: `provisioning:${month}`,
      reference: month,
      entries,
      at: new Date(`${through}T15:59:59.999Z`), // 23:59:59.999 in Manila
    });
  return { provisionRequired: total.toString(), provisionPosted: (total - current).toString() };
}

/** GET /api/console/accounting/closures: the months closed, latest first. */
export async function listAccountingClosures(
  ctx: MoneyContext,
  input: { actor: Actor },
): Promise<{ closures: AccountingClosureView[] }> {
  const rows = await ctx.db.select().from(accountingClosures).orderBy(desc(accountingClosures.closedThrough));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'accounting.closures.view',
    targetType: 'queue',
    detail: { count: rows.length },
  });
  return { closures: rows.map(view) };
}
