import { and, eq, sql } from 'drizzle-orm';
import { creditLimitFor, type LimitStanding, type ProductConfig } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { homeScreenLaunches, loanTransactions, orders } from '../../db/schema/index.ts';

/**
 * The facts limit growth needs (SH-15, BE-04), from the loan history: loans settled with every
 * repayment on or before the due date in force (the same reading as worstPastOverdueDays in
 * lending/decision-facts.ts), and whether the installed app was ever opened. A query the caller
 * makes with its own db (or transaction).
 */
export async function limitFacts(
  db: Db | Tx,
  customerId: string,
): Promise<{ onTimeLoans: number; homeScreen: boolean }> {
  const perLoan = db
    .select({
      orderId: loanTransactions.orderId,
      late: sql<number>`max(${loanTransactions.businessDate}::date - ${loanTransactions.dueDate}::date)`.as(
        'late',
      ),
    })
    .from(loanTransactions)
    .innerJoin(orders, eq(orders.id, loanTransactions.orderId))
    .where(
      and(
        eq(loanTransactions.customerId, customerId),
        eq(loanTransactions.type, 'repayment'),
        eq(orders.status, 'settled'),
      ),
    )
    .groupBy(loanTransactions.orderId)
    .as('per_loan');
  const [row] = await db
    .select({ onTime: sql<number>`count(*) filter (where ${perLoan.late} <= 0)` })
    .from(perLoan);
  const [launch] = await db
    .select({ at: homeScreenLaunches.firstAt })
    .from(homeScreenLaunches)
    .where(eq(homeScreenLaunches.customerId, customerId));
  return { onTimeLoans: Number(row?.onTime ?? 0), homeScreen: !!launch };
}

/** The borrower's limit now: the decision's, grown by the ladder, within every ceiling. */
export async function limitStanding(
  db: Db | Tx,
  input: { customerId: string; decisionLimit: bigint; product: ProductConfig },
): Promise<LimitStanding> {
  const facts = await limitFacts(db, input.customerId);
  return creditLimitFor(input.product, { decisionLimit: input.decisionLimit, ...facts });
}
