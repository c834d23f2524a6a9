import { eq } from 'drizzle-orm';
import { manilaDate, previousMonth } from '@pisonow/domain';
import { creditReports } from '../../db/schema/index.ts';
import { systemActor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { generateCreditReport, type CreditReportSummary } from './generate-credit-report.ts';

/**
 * The monthly CIC file on a schedule (BE-13, RA 9510): on the first days of each month (Manila),
 * the previous month's file is made with the same generator and validation as the console's —
 * once: a month that already has a file (made by an operator or an earlier run) is left alone, and
 * two runs at once make one (a partial unique index on the schedule's files). The month being
 * reported has always ended: it is the one before today's, in Manila. Sending stays the operator's.
 */
export async function generateScheduledCreditReport(
  ctx: ConsoleContext & { providerCode: string },
): Promise<{ month: string; report: CreditReportSummary | null }> {
  const month = previousMonth(manilaDate(ctx.clock.now()).slice(0, 7));
  const [existing] = await ctx.db
    .select({ id: creditReports.id })
    .from(creditReports)
    .where(eq(creditReports.month, month))
    .limit(1);
  if (existing) return { month, report: null };
  const report = await generateCreditReport(ctx, { actor: systemActor('credit-reports.monthly'), month });
  return { month, report };
}
