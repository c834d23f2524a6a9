import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { decide, manilaDayStart, type Decision } from '@pisonow/domain';
import { applicationEvents, applications, reviewCases } from '../../db/schema/index.ts';
import { MS, addMs } from '../../lib/clock.ts';
import { recordDecision } from './record-decision.ts';
import { decisionFacts } from './decision-facts.ts';
import type { LendingContext } from './lending-context.ts';
import { currentProduct } from './product-config.ts';

/**
 * SANDBOX ONLY: documented values that force an outcome, so every path can be tried by hand and by
 * the browser tests. The application's e-mail local part decides: `reject…@` → rejected,
 * `reupload…@` → new ID photo requested, `review…@` → the underwriters' review queue (when the rules
 * would not reject); anything else goes through the real rules.
 */
export function sandboxForcedOutcome(email: string | undefined): 'reject' | 'reupload_id' | 'review' | null {
  const local = (email ?? '').split('@')[0]!.toLowerCase();
  if (local.startsWith('reject')) return 'reject';
  if (local.startsWith('reupload')) return 'reupload_id';
  if (local.startsWith('review')) return 'review';
  return null;
}

/**
 * Decides one submitted application (BE-04, ST-03, ST-05) from the configured rules over the
 * application and the borrower's history, and records every rule's outcome. A borderline case the
 * rules route to a person (issue 11) opens a review case instead: the application stays under
 * review until an underwriter decides it through the same `recordDecision`. Safe to run twice: one
 * decision and one review case per submission (unique indexes), and an application no longer under
 * review, or already waiting for an underwriter, is left alone.
 */
export async function decideApplication(
  ctx: Pick<LendingContext, 'db' | 'clock' | 'sandbox' | 'decisionRules'>,
  input: { applicationId: string },
): Promise<Decision | null> {
  const { applicationId } = input;
  const now = ctx.clock.now();
  const rules = ctx.decisionRules;
  const [application] = await ctx.db.select().from(applications).where(eq(applications.id, applicationId));
  if (!application || application.status !== 'under_review') return null;
  const [waiting] = await ctx.db
    .select({ id: reviewCases.id })
    .from(reviewCases)
    .where(
      and(
        eq(reviewCases.applicationId, applicationId),
        eq(reviewCases.submission, application.submissionCount),
      ),
    );
  if (waiting) return null;

  const { facts, email } = await decisionFacts(ctx.db, { application, now });
  const product = await currentProduct(ctx.db);
  let decision = decide(facts, rules, product.limits);
  const forced = ctx.sandbox ? sandboxForcedOutcome(email) : null;
  if (forced === 'reject')
    decision = {
      outcome: 'reject',
      reason: 'income',
      retryAfterDays: rules.retryAfterDays,
      rules: decision.rules,
      rulesVersion: decision.rulesVersion,
    };
  if (forced === 'reupload_id')
    decision = { outcome: 'reupload_id', rules: decision.rules, rulesVersion: decision.rulesVersion };
  // the case's reasons name the sandbox value, so a forced case is never mistaken for a real flag
  let reviewReasons: string[] = decision.outcome === 'review' ? decision.reasons : [];
  if (forced === 'review' && decision.outcome === 'approve') {
    decision = { ...decision, outcome: 'review', reasons: [] };
    reviewReasons = ['sandboxForced'];
  }

  const routed = decision;
  const submission = application.submissionCount;
  let decided = true;
  await ctx.db.transaction(async (tx) => {
    // The rules ran on facts read without a lock; the borrower may have changed the application
    // meanwhile (saving a step under review turns it back into a draft). Only the submission the
    // rules read is decided: otherwise the borrower was told "approved" for a draft, then
    // "rejected" for what they resubmitted (found in review), as the underwriter's path refuses.
    const [current] = await tx
      .select({ status: applications.status, submissionCount: applications.submissionCount })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update');
    if (current?.status !== 'under_review' || current.submissionCount !== submission) {
      decided = false;
      return;
    }
    if (routed.outcome === 'review') {
      // An older submission's case is moot once the borrower has changed and resubmitted.
      await tx
        .update(reviewCases)
        .set({ status: 'superseded' })
        .where(
          and(
            eq(reviewCases.applicationId, applicationId),
            eq(reviewCases.status, 'open'),
            lt(reviewCases.submission, submission),
          ),
        );
      const opened = await tx
        .insert(reviewCases)
        .values({
          id: randomUUID(),
          applicationId,
          customerId: application.customerId,
          submission,
          reasons: reviewReasons,
          rules: routed.rules,
          rulesVersion: routed.rulesVersion,
          maxLimit: routed.limit,
          status: 'open',
          openedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: reviewCases.id });
      if (opened.length)
        await tx.insert(applicationEvents).values({
          id: randomUUID(),
          applicationId,
          type: 'routed_to_review',
          at: now,
          detail: { submission, reasons: reviewReasons, sandboxForced: forced },
        });
      return;
    }
    await recordDecision(tx, {
      application: { id: applicationId, customerId: application.customerId, submission },
      decision:
        routed.outcome === 'approve'
          ? { outcome: 'approve', limit: routed.limit }
          : routed.outcome === 'reject'
            ? {
                outcome: 'reject',
                reason: routed.reason,
                // the borrower is told a Manila date: they may resubmit from its first minute
                retryAt: manilaDayStart(addMs(now, routed.retryAfterDays * MS.day)),
              }
            : { outcome: 'reupload_id' },
      rules: routed.rules,
      rulesVersion: routed.rulesVersion,
      sandboxForced: forced,
      decidedBy: 'rules',
      at: now,
    });
  });
  return decided ? decision : null;
}

/** The sweep: every application under review without a decision for its current submission. */
export async function decidePendingApplications(
  ctx: Pick<LendingContext, 'db' | 'clock' | 'log' | 'sandbox' | 'decisionRules'>,
): Promise<number> {
  const pending = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, 'under_review'));
  let decided = 0;
  for (const { id } of pending) {
    // one application that fails to be decided must not leave every applicant after it waiting;
    // it stays under review, and the next sweep decides it
    try {
      if (await decideApplication(ctx, { applicationId: id })) decided++;
    } catch (error) {
      ctx.log.warn(
        { applicationId: id, err: error },
        'application not decided by the sweep: the next sweep tries again',
      );
    }
  }
  return decided;
}
