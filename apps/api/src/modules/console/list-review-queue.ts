import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReviewQueueResponse } from '@pisonow/domain';
import { applicationSteps, applications, customers, reviewCases } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ReviewContext } from './review-context.ts';
import { nameOf } from './search-borrowers.ts';

type StoredRule = { rule: string; outcome?: 'pass' | 'review' | 'fail'; passed: boolean; detail: string };

/** Each rule's outcome as stored (decisions stored before review existed have only `passed`). */
export function ruleOutcomes(rules: unknown[]) {
  return (rules as StoredRule[]).map((r) => ({
    rule: r.rule,
    outcome: r.outcome ?? (r.passed ? ('pass' as const) : ('fail' as const)),
    detail: r.detail,
  }));
}

/**
 * GET /api/console/review-cases: the open cases, oldest first, each with every rule's outcome. Only
 * a case for the application's current submission that is still under review is open work (a
 * borrower who changed and resubmitted gets a new decision). One audit entry per view.
 */
export async function listReviewQueue(
  ctx: ReviewContext,
  input: { actor: Actor },
): Promise<ReviewQueueResponse> {
  const rows = await ctx.db
    .select({
      c: reviewCases,
      phone: customers.phone,
      identity: applicationSteps.data,
    })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .innerJoin(customers, eq(customers.id, reviewCases.customerId))
    .leftJoin(
      applicationSteps,
      and(eq(applicationSteps.applicationId, applications.id), eq(applicationSteps.step, 'identityInfo')),
    )
    .where(
      and(
        eq(reviewCases.status, 'open'),
        eq(applications.status, 'under_review'),
        sql`${applications.submissionCount} = ${reviewCases.submission}`,
      ),
    )
    .orderBy(asc(reviewCases.openedAt), asc(reviewCases.id))
    .limit(500);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'review.queue.view',
    targetType: 'review_queue',
    detail: { cases: rows.length },
  });
  return {
    cases: rows.map(({ c, phone, identity }) => ({
      id: c.id,
      applicationId: c.applicationId,
      customerId: c.customerId,
      name: nameOf(identity),
      phone,
      submission: c.submission,
      openedAt: c.openedAt.toISOString(),
      reasons: c.reasons,
      rules: ruleOutcomes(c.rules),
      maxLimit: c.maxLimit.toString(),
    })),
  };
}
