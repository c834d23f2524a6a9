import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { addDays, manilaDate, productLimitCap, type ReviewCaseResponse } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import {
  applicationSteps,
  applications,
  customers,
  operators,
  orders,
  reviewCases,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentProduct } from '../lending/product-config.ts';
import { recordAudit, type Actor } from './audit.ts';
import { ruleOutcomes } from './list-review-queue.ts';
import type { ReviewContext } from './review-context.ts';
import { nameOf } from './search-borrowers.ts';

/**
 * The limits an approval of this case may give: at most what the rules allowed when the case was
 * opened, and never above the product's cap in force now (a product change since may have lowered
 * it); at least the product's smallest loan (a smaller limit could not be borrowed).
 */
export async function approvalRange(
  db: Db,
  reviewCase: { customerId: string; maxLimit: bigint },
): Promise<{ min: bigint; max: bigint }> {
  const product = await currentProduct(db);
  const settled = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, reviewCase.customerId), eq(orders.status, 'settled')));
  const cap = productLimitCap(settled.length, product.limits);
  const max = reviewCase.maxLimit < cap ? reviewCase.maxLimit : cap;
  return { min: product.amount.min < max ? product.amount.min : max, max };
}

/**
 * One review case with what the underwriter needs to decide it: the application's key facts, every
 * rule's outcome, the other customers behind a possible duplicate identity (same ID number or same
 * payout account), the limits an approval may give and the decision once made. No ID number is
 * opened: the last four digits only.
 */
export async function loadReviewCase(
  ctx: Pick<ReviewContext, 'db' | 'clock' | 'decisionRules'>,
  caseId: string,
): Promise<ReviewCaseResponse | null> {
  const db: Db = ctx.db;
  const [row] = await db
    .select({ c: reviewCases, application: applications, phone: customers.phone, decidedBy: operators.email })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .innerJoin(customers, eq(customers.id, reviewCases.customerId))
    .leftJoin(operators, eq(operators.id, reviewCases.decidedBy))
    .where(eq(reviewCases.id, caseId));
  if (!row) return null;
  const { c, application } = row;
  const steps = await db
    .select({ step: applicationSteps.step, data: applicationSteps.data })
    .from(applicationSteps)
    .where(
      and(
        eq(applicationSteps.applicationId, application.id),
        inArray(applicationSteps.step, ['identityInfo', 'workInfo', 'bankInfo']),
      ),
    );
  const data = (step: string) => steps.find((s) => s.step === step)?.data ?? {};
  const work = data('workInfo') as { monthlyIncome?: string; employmentType?: string };
  const payout = data('bankInfo') as { account?: string; providerCode?: string };

  const sameId = application.idNumberHash
    ? await db
        .select({ customerId: applications.customerId, status: applications.status, id: applications.id })
        .from(applications)
        .where(
          and(
            eq(applications.idNumberHash, application.idNumberHash),
            ne(applications.customerId, application.customerId),
          ),
        )
        .limit(20)
    : [];
  const sameAccount =
    payout.account && payout.providerCode
      ? await db
          .select({ customerId: applications.customerId, status: applications.status, id: applications.id })
          .from(applicationSteps)
          .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
          .where(
            and(
              eq(applicationSteps.step, 'bankInfo'),
              sql`${applicationSteps.data} ->> 'account' = ${payout.account}`,
              sql`${applicationSteps.data} ->> 'providerCode' = ${payout.providerCode}`,
              ne(applications.customerId, application.customerId),
            ),
          )
          .limit(20)
      : [];
  const others = [...sameId, ...sameAccount];
  const identities = others.length
    ? await db
        .select({ applicationId: applicationSteps.applicationId, data: applicationSteps.data })
        .from(applicationSteps)
        .where(
          and(
            eq(applicationSteps.step, 'identityInfo'),
            inArray(
              applicationSteps.applicationId,
              others.map((o) => o.id),
            ),
          ),
        )
    : [];
  const nameFor = (applicationId: string) =>
    nameOf(identities.find((i) => i.applicationId === applicationId)?.data);
  const match = (matchedBy: 'idNumber' | 'payoutAccount') => (o: (typeof others)[number]) => ({
    customerId: o.customerId,
    name: nameFor(o.id),
    matchedBy,
    applicationStatus: o.status,
  });

  const range = await approvalRange(db, c);
  const today = manilaDate(ctx.clock.now());
  return {
    id: c.id,
    applicationId: c.applicationId,
    customerId: c.customerId,
    name: nameOf(data('identityInfo')),
    phone: row.phone,
    submission: c.submission,
    openedAt: c.openedAt.toISOString(),
    reasons: c.reasons,
    rules: ruleOutcomes(c.rules),
    maxLimit: range.max.toString(),
    minLimit: range.min.toString(),
    suggestedRetryDate: addDays(today, ctx.decisionRules.retryAfterDays),
    status: c.status as ReviewCaseResponse['status'],
    application: {
      status: application.status,
      submissionCount: application.submissionCount,
      idType: application.idType,
      idNumberLast4: application.idNumberLast4,
      monthlyIncome: work.monthlyIncome ?? null,
      employmentType: work.employmentType ?? null,
    },
    matches: [...sameId.map(match('idNumber')), ...sameAccount.map(match('payoutAccount'))],
    decision:
      c.status === 'decided' && c.action && c.decidedAt
        ? {
            action: c.action as 'approve' | 'reupload_id' | 'reject',
            creditLimit: c.creditLimit?.toString() ?? null,
            retryDate: c.retryAt ? manilaDate(c.retryAt) : null,
            note: c.note ?? '',
            decidedBy: row.decidedBy,
            decidedAt: c.decidedAt.toISOString(),
          }
        : null,
  };
}

/** GET /api/console/review-cases/:caseId: one case (above); one audit entry per view. */
export async function getReviewCase(
  ctx: ReviewContext,
  input: { actor: Actor; caseId: string },
): Promise<ReviewCaseResponse> {
  const view = await loadReviewCase(ctx, input.caseId);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'review.case.view',
    targetType: 'review_case',
    targetId: input.caseId,
    outcome: view ? 'ok' : 'not_found',
    detail: view ? { customerId: view.customerId } : undefined,
  });
  if (!view) throw new AppError('NOT_FOUND');
  return view;
}
