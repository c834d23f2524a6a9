import { and, eq } from 'drizzle-orm';
import {
  addDays,
  formatPeso,
  manilaDate,
  type ReviewCaseResponse,
  type ReviewDecisionRequest,
  type RuleResult,
} from '@pisonow/domain';
import { applications, reviewCases } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordDecision, type FinalDecision } from '../lending/record-decision.ts';
import { recordAudit, type Actor } from './audit.ts';
import { approvalRange, loadReviewCase } from './get-review-case.ts';
import type { ReviewContext } from './review-context.ts';

/** Undoes the claim of the case: the decision cannot be written (see `decideReviewCase`). */
class NotDecidable extends Error {
  readonly why: 'decided' | 'stale';
  constructor(why: 'decided' | 'stale') {
    super(why);
    this.why = why;
  }
}

/** The latest retry date an underwriter may set: a year (a rejection is not a ban). */
const MAX_RETRY_DAYS = 365;

/**
 * POST /api/console/review-cases/:caseId/decision (issue 11, BE-08): the underwriter approves with
 * a limit (`approvalRange`: never above what the rules allowed when the case was opened nor the
 * product's cap now, never below the smallest loan), asks for a new ID photo (ST-05) or rejects with a retry date (ST-03),
 * each with a reason. The borrower gets exactly what an automatic decision gives: the same decision
 * row, status, history event and message (`recordDecision`). Decided once: the case moves
 * `open → decided` by a conditional update in the same transaction, so a double click or twenty
 * concurrent submits give one decision and the others a REVIEW_CASE_DECIDED. Audited, with the
 * refused attempts too.
 */
export async function decideReviewCase(
  ctx: ReviewContext,
  input: { actor: Actor; caseId: string; request: ReviewDecisionRequest },
): Promise<ReviewCaseResponse> {
  const { actor, caseId, request } = input;
  const now = ctx.clock.now();
  const refuse = async (code: 'NOT_FOUND' | 'REVIEW_CASE_DECIDED' | 'REVIEW_CASE_STALE', failure: string) => {
    await recordAudit(ctx.db, ctx.clock, actor, {
      action: 'review.decide',
      targetType: 'review_case',
      targetId: caseId,
      outcome: code === 'NOT_FOUND' ? 'not_found' : 'failed',
      detail: { action: request.action, failure },
    });
    return new AppError(code);
  };

  const [found] = await ctx.db.select().from(reviewCases).where(eq(reviewCases.id, caseId));
  if (!found) throw await refuse('NOT_FOUND', 'no such case');

  let decision: FinalDecision;
  if (request.action === 'approve') {
    const limit = BigInt(request.limit);
    const { min, max } = await approvalRange(ctx.db, found);
    if (limit < min || limit > max)
      throw new AppError('REVIEW_LIMIT_NOT_ALLOWED', {
        params: { min: formatPeso(min), max: formatPeso(max) },
      });
    decision = { outcome: 'approve', limit };
  } else if (request.action === 'reject') {
    const today = manilaDate(now);
    if (request.retryDate <= today || request.retryDate > addDays(today, MAX_RETRY_DAYS))
      throw new AppError('DATE_INVALID', { details: [{ field: 'retryDate', code: 'DATE_INVALID' }] });
    // from 00:00 Manila on that date (UTC+8 all year)
    decision = {
      outcome: 'reject',
      reason: 'underwriter',
      retryAt: new Date(`${request.retryDate}T00:00:00+08:00`),
    };
  } else decision = { outcome: 'reupload_id' };

  const outcome = await ctx.db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(reviewCases)
        .set({
          status: 'decided',
          action: request.action,
          creditLimit: decision.outcome === 'approve' ? decision.limit : null,
          retryAt: decision.outcome === 'reject' ? decision.retryAt : null,
          note: request.reason,
          decidedBy: actor.operatorId,
          decidedAt: now,
        })
        .where(and(eq(reviewCases.id, caseId), eq(reviewCases.status, 'open')))
        .returning();
      if (!claimed) return found.status === 'superseded' ? 'stale' : 'decided';
      const [application] = await tx
        .select()
        .from(applications)
        .where(eq(applications.id, claimed.applicationId))
        .for('update');
      // The borrower changed and resubmitted meanwhile: that submission gets its own decision.
      if (application?.status !== 'under_review' || application.submissionCount !== claimed.submission)
        throw new NotDecidable('stale');
      const written = await recordDecision(tx, {
        application: {
          id: claimed.applicationId,
          customerId: claimed.customerId,
          submission: claimed.submission,
        },
        decision,
        rules: claimed.rules as RuleResult[],
        rulesVersion: claimed.rulesVersion,
        sandboxForced: null,
        decidedBy: actor.operatorId ?? 'operator',
        at: now,
      });
      if (!written) throw new NotDecidable('decided');
      await recordAudit(tx, ctx.clock, actor, {
        action: 'review.decide',
        targetType: 'review_case',
        targetId: caseId,
        before: { status: 'open' },
        after: {
          status: 'decided',
          action: request.action,
          creditLimit: decision.outcome === 'approve' ? decision.limit.toString() : null,
          retryDate: decision.outcome === 'reject' ? manilaDate(decision.retryAt) : null,
        },
        detail: {
          reason: request.reason,
          customerId: claimed.customerId,
          applicationId: claimed.applicationId,
          submission: claimed.submission,
          maxLimit: claimed.maxLimit.toString(),
        },
      });
      return 'ok' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof NotDecidable) return error.why;
      throw error;
    });
  if (outcome === 'decided') throw await refuse('REVIEW_CASE_DECIDED', 'decided already');
  if (outcome === 'stale') throw await refuse('REVIEW_CASE_STALE', 'application changed since');
  return (await loadReviewCase(ctx, caseId))!;
}
