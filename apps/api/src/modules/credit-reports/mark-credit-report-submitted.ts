import { and, eq, isNull } from 'drizzle-orm';
import { creditReports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { summaryOf, type CreditReportSummary } from './generate-credit-report.ts';

/**
 * POST /api/console/credit-reports/:reportId/submitted (BE-13): records that the file was sent to
 * the CIC, with the reference their portal gave. Once: marking a sent file again is refused.
 */
export async function markCreditReportSubmitted(
  ctx: Pick<ConsoleContext, 'db' | 'clock'>,
  input: { actor: Actor; reportId: string; reference: string },
): Promise<CreditReportSummary> {
  // the refusal is audited too: the transaction commits, the error is thrown after it
  const { row, changed } = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(creditReports)
      .set({
        submittedAt: ctx.clock.now(),
        submittedBy: input.actor.operatorId,
        submissionReference: input.reference,
      })
      .where(and(eq(creditReports.id, input.reportId), isNull(creditReports.submittedAt)))
      .returning();
    const [row] = changed
      ? [changed]
      : await tx.select().from(creditReports).where(eq(creditReports.id, input.reportId));
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'credit_report.submitted',
      targetType: 'credit_report',
      targetId: input.reportId,
      outcome: !row ? 'not_found' : changed ? 'ok' : 'failed',
      after: changed ? { reference: input.reference } : null,
    });
    return { row, changed };
  });
  if (!row) throw new AppError('NOT_FOUND');
  if (!changed) throw new AppError('CREDIT_REPORT_ALREADY_SUBMITTED');
  return summaryOf(row);
}
