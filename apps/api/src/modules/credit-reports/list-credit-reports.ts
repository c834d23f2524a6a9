import { desc, eq, min } from 'drizzle-orm';
import { creditReportMonths, manilaDate, type CreditReportMonthStatus } from '@pisonow/domain';
import { creditReports, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { unseal } from '../../lib/sealing.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { summaryOf, type CreditReportSummary } from './generate-credit-report.ts';

/** The months whose submission status the console shows (the last year). */
const STATUS_MONTHS = 12;

/**
 * GET /api/console/credit-reports (BE-13): every file made, newest first (no content), and where
 * each of the last 12 ended months (none before the first loan paid out or file made) stands: due, generated, submitted, or overdue (not sent by the
 * submission day of the next month).
 */
export async function listCreditReports(
  ctx: Pick<ConsoleContext, 'db' | 'clock'> & { submitByDay: number },
  input: { actor: Actor },
): Promise<{ items: CreditReportSummary[]; months: CreditReportMonthStatus[] }> {
  const rows = await ctx.db.select().from(creditReports).orderBy(desc(creditReports.createdAt)).limit(120);
  // no personal data in the list, but every console read of the bureau files is on the record
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'credit_report.list',
    targetType: 'credit_report',
    detail: { shown: rows.length },
  });
  const items = rows.map(summaryOf);
  const [first] = await ctx.db.select({ at: min(orders.disbursedAt) }).from(orders);
  const since = first?.at ? manilaDate(first.at).slice(0, 7) : null;
  return {
    items,
    months: creditReportMonths(manilaDate(ctx.clock.now()), STATUS_MONTHS, ctx.submitByDay, items, since),
  };
}

/**
 * GET /api/console/credit-reports/:reportId/file (BE-13): the file itself, unsealed, checked
 * against its hash. It holds every borrower's identity: one audit entry per download.
 */
export async function downloadCreditReport(
  ctx: Pick<ConsoleContext, 'db' | 'clock' | 'secretKey'>,
  input: { actor: Actor; reportId: string },
): Promise<{ content: string; filename: string; sha256: string }> {
  const [row] = await ctx.db.select().from(creditReports).where(eq(creditReports.id, input.reportId));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'credit_report.download',
    targetType: 'credit_report',
    targetId: input.reportId,
    outcome: row ? 'ok' : 'not_found',
  });
  if (!row) throw new AppError('NOT_FOUND');
  const content = unseal(ctx.secretKey, row.contentSealed);
  return { content, filename: `cic-${row.month}-${row.id.slice(0, 8)}.txt`, sha256: row.sha256 };
}
