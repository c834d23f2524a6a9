import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  creditStandingAsOf,
  manilaDate,
  monthEnd,
  type CreditStanding,
  type LoanTransactionType,
} from '@pisonow/domain';
import {
  applicationSteps,
  applications,
  creditReports,
  customers,
  loanTransactions,
  orders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { seal, unseal } from '../../lib/sealing.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { pipeFormat, type CreditReportFormat, type CreditReportRecord } from './credit-report-format.ts';
import { HISTORY_ORDER, everPaidOut } from '../servicing/loan-record.ts';

export interface CreditReportSummary {
  id: string;
  month: string;
  asOf: string;
  format: string;
  records: number;
  sha256: string;
  createdAt: string;
  submittedAt: string | null;
  submissionReference: string | null;
  /** made by the monthly schedule rather than an operator */
  scheduled: boolean;
}

export const summaryOf = (r: typeof creditReports.$inferSelect): CreditReportSummary => ({
  id: r.id,
  month: r.month,
  asOf: r.asOf,
  format: r.format,
  records: r.records,
  sha256: r.sha256,
  createdAt: r.createdAt.toISOString(),
  submittedAt: r.submittedAt?.toISOString() ?? null,
  submissionReference: r.submissionReference,
  scheduled: r.createdBy === null,
});

/**
 * Every account to report for a month (BE-13): each loan paid out by its last day and still open
 * at some point in the month (closed ones once, in the month they closed), as it stood at the end
 * of that day, with the borrower's identity as the bureau matches it (full ID number, unsealed
 * here and sealed again with the file).
 */
export async function creditReportRecords(
  ctx: Pick<ConsoleContext, 'db' | 'secretKey'>,
  month: string,
): Promise<CreditReportRecord[]> {
  const asOf = monthEnd(month);
  const monthStart = `${month}-01`;
  const loans = await ctx.db.select().from(orders).where(everPaidOut).orderBy(asc(orders.id));
  if (loans.length === 0) return [];
  const history = await ctx.db
    .select()
    .from(loanTransactions)
    .where(
      inArray(
        loanTransactions.orderId,
        loans.map((o) => o.id),
      ),
    )
    .orderBy(...HISTORY_ORDER);
  const byOrder = new Map<string, typeof history>();
  for (const t of history) {
    const list = byOrder.get(t.orderId);
    if (list) list.push(t);
    else byOrder.set(t.orderId, [t]);
  }
  const reported: { order: (typeof loans)[number]; standing: CreditStanding }[] = [];
  for (const order of loans) {
    const standing = creditStandingAsOf(
      {
        disbursedOn: order.disbursedAt ? manilaDate(order.disbursedAt) : null,
        termDays: order.termDays,
        principal: order.principal,
        transactions: (byOrder.get(order.id) ?? []).map((t) => ({
          type: t.type as LoanTransactionType,
          portions: {
            principal: t.principal,
            interest: t.interest,
            fees: t.fees,
            lateCharge: t.lateCharge,
            penalty: t.penalty,
          },
          cash: t.cash,
          businessDate: t.businessDate,
          dueDate: t.dueDate,
          ...(t.days !== null ? { days: t.days } : {}),
        })),
      },
      asOf,
    );
    if (!standing || (standing.closedOn !== null && standing.closedOn < monthStart)) continue;
    reported.push({ order, standing });
  }
  const customerIds = [...new Set(reported.map((r) => r.order.customerId))];
  if (customerIds.length === 0) return [];
  const people = await ctx.db
    .select({
      id: customers.id,
      phone: customers.phone,
      applicationId: applications.id,
      sealed: applications.sensitiveSealed,
    })
    .from(customers)
    .innerJoin(applications, eq(applications.customerId, customers.id))
    .where(inArray(customers.id, customerIds));
  const steps = await ctx.db
    .select()
    .from(applicationSteps)
    .where(
      inArray(
        applicationSteps.applicationId,
        people.map((p) => p.applicationId),
      ),
    );
  const identity = new Map<string, CreditReportRecord['borrower']>();
  for (const p of people) {
    if (identity.has(p.id)) continue;
    const step = (name: string) =>
      (steps.find((s) => s.applicationId === p.applicationId && s.step === name)?.data ?? {}) as Record<
        string,
        string
      >;
    const id = step('identityInfo');
    const address = step('addressInfo');
    const sensitive = p.sealed ? (JSON.parse(unseal(ctx.secretKey, p.sealed)) as { idNumber?: string }) : {};
    identity.set(p.id, {
      customerId: p.id,
      lastName: id.lastName ?? '',
      firstName: id.firstName ?? '',
      middleName: id.middleName ?? '',
      birthDate: id.birthDate ?? '',
      idType: id.idType ?? '',
      idNumber: sensitive.idNumber ?? '',
      phone: `+63${p.phone}`,
      address: `${address.detailedAddress ?? ''}, ${psgcDirectory().describe(address.provinceCode ?? '', address.cityCode ?? '', address.barangayCode ?? '') ?? ''}`,
    });
  }
  return reported.map(({ order, standing }) => ({
    borrower: identity.get(order.customerId)!,
    orderId: order.id,
    standing,
  }));
}

/**
 * POST /api/console/credit-reports (BE-13): makes the file for a month that has ended, validates
 * it (a file that fails is not kept: 422 with what failed, in the audit entry), and keeps it sealed
 * with its SHA-256. Generating again makes a new version; the earlier ones stay, for the record.
 */
export async function generateCreditReport(
  ctx: ConsoleContext & { providerCode: string },
  input: { actor: Actor; month: string },
  format: CreditReportFormat = pipeFormat,
): Promise<CreditReportSummary> {
  const asOf = monthEnd(input.month);
  if (asOf >= manilaDate(ctx.clock.now())) throw new AppError('CREDIT_REPORT_MONTH_OPEN');
  const records = await creditReportRecords(ctx, input.month);
  const content = format.render({ providerCode: ctx.providerCode, month: input.month, asOf }, records);
  const problems = format.validate(content);
  if (problems.length) {
    await recordAudit(ctx.db, ctx.clock, input.actor, {
      action: 'credit_report.generate',
      targetType: 'credit_report',
      outcome: 'failed',
      detail: { month: input.month, problems: problems.slice(0, 50) },
    });
    throw new AppError('CREDIT_REPORT_INVALID');
  }
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(creditReports)
      .values({
        id: randomUUID(),
        month: input.month,
        asOf,
        format: format.id,
        records: records.length,
        sha256: sha256Hex(content),
        contentSealed: seal(ctx.secretKey, content),
        // a signed-in operator (the route's guard), or null: the monthly schedule
        createdBy: input.actor.operatorId,
        createdAt: ctx.clock.now(),
      })
      // the schedule's file of a month is made once (a partial unique index): a racing run gets it back
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const [made] = await tx
        .select()
        .from(creditReports)
        .where(and(eq(creditReports.month, input.month), isNull(creditReports.createdBy)));
      return summaryOf(made!);
    }
    const row = inserted;
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'credit_report.generate',
      targetType: 'credit_report',
      targetId: row.id,
      after: { month: input.month, records: records.length, sha256: row.sha256 },
    });
    return summaryOf(row);
  });
}
