import { and, eq, lt } from 'drizzle-orm';
import { manilaDate } from '@pisonow/domain';
import { repayments } from '../../db/schema/index.ts';
import { accrueOverdueCharges } from './accrue-overdue-charges.ts';
import { classifyDelinquency } from './classify-delinquency.ts';
import { sendDueReminders } from './send-due-reminders.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * The servicing day (BE-06), run just after Manila midnight and again whenever the sandbox clock
 * moves: due/overdue transitions and charges (one set-based statement), the loans' days-past-due
 * buckets (classify-delinquency.ts), collections that expired unpaid, and the reminders that are
 * due (only inside 06:00–22:00 Manila). Every part is safe to run twice and to resume after a crash.
 */
export async function runServicingDay(ctx: ServicingContext): Promise<{
  today: string;
  charges: number;
  becameOverdue: number;
  expired: number;
  reminders: number;
  delinquency: Awaited<ReturnType<typeof classifyDelinquency>>;
}> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const accrual = await accrueOverdueCharges(ctx.db, today, now, { parallelism: ctx.accrualParallelism });
  // after the accrual: it moves loans overdue, and the buckets are read from the day's statuses
  const delinquency = await classifyDelinquency(ctx.db, today, ctx.delinquencyBuckets);
  const hour = await runServicingHour(ctx);
  const result = { today, ...accrual, delinquency, ...hour };
  ctx.log.info(result, 'servicing day run');
  return result;
}

/**
 * The hourly part: collections left unpaid past their end expire, and the reminders that are due
 * go out (a reminder held back overnight leaves at the first hour after 06:00). Accrual is daily.
 */
export async function runServicingHour(
  ctx: ServicingContext,
): Promise<{ expired: number; reminders: number }> {
  const now = ctx.clock.now();
  const expired = await ctx.db
    .update(repayments)
    .set({ state: 'expired', updatedAt: now })
    .where(and(eq(repayments.state, 'pending'), lt(repayments.expiresAt, now)))
    .returning({ id: repayments.id });
  return { expired: expired.length, reminders: await sendDueReminders(ctx) };
}
