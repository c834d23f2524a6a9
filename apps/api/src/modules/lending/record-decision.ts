import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { manilaDate, type Centavos, type RuleName, type RuleResult } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { applicationDecisions, applicationEvents, applications } from '../../db/schema/index.ts';
import { recordMessage } from '../messages/record-message.ts';

/** What a decision on one submission says, from the rules or from an underwriter (BE-04, BE-08). */
export type FinalDecision =
  | { outcome: 'approve'; limit: Centavos }
  | { outcome: 'reupload_id' }
  | { outcome: 'reject'; reason: RuleName | 'underwriter'; retryAt: Date };

const statusFor = { approve: 'approved', reupload_id: 'needs_photo', reject: 'rejected' } as const;

/**
 * Writes a decision exactly one way, whoever made it: the decision row (one per submission, unique
 * index), the application's new status, the history event and the borrower's message (EN-08), all
 * in the caller's transaction. `false` when this submission was decided already (nothing written).
 */
export async function recordDecision(
  tx: Tx,
  input: {
    application: { id: string; customerId: string; submission: number };
    decision: FinalDecision;
    rules: RuleResult[];
    rulesVersion: number;
    sandboxForced: string | null;
    /** `rules` for the automatic decision, else the deciding operator's id */
    decidedBy: string;
    at: Date;
  },
): Promise<boolean> {
  const { application, decision, at } = input;
  const retryAt = decision.outcome === 'reject' ? decision.retryAt : null;
  const inserted = await tx
    .insert(applicationDecisions)
    .values({
      id: randomUUID(),
      applicationId: application.id,
      customerId: application.customerId,
      submission: application.submission,
      outcome: decision.outcome,
      creditLimit: decision.outcome === 'approve' ? decision.limit : null,
      reason: decision.outcome === 'reject' ? decision.reason : null,
      retryAt,
      rules: input.rules,
      rulesVersion: input.rulesVersion,
      sandboxForced: input.sandboxForced,
      decidedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: applicationDecisions.id });
  if (inserted.length === 0) return false;
  await tx
    .update(applications)
    .set({ status: statusFor[decision.outcome], updatedAt: at })
    .where(
      and(
        eq(applications.id, application.id),
        eq(applications.status, 'under_review'),
        eq(applications.submissionCount, application.submission),
      ),
    );
  await tx.insert(applicationEvents).values({
    id: randomUUID(),
    applicationId: application.id,
    type: `decided_${decision.outcome}`,
    at,
    detail: { submission: application.submission, sandboxForced: input.sandboxForced, by: input.decidedBy },
  });
  // EN-08: the borrower is told the outcome, with the limit or the date to try again
  await recordMessage(tx, {
    customerId: application.customerId,
    ...(decision.outcome === 'approve'
      ? { event: 'application_approved', params: { amount: decision.limit.toString() } }
      : decision.outcome === 'reject'
        ? { event: 'application_rejected', params: { date: manilaDate(retryAt!) } }
        : { event: 'identity_retake', params: {} }),
    dedupeKey: `decision:${application.id}:${application.submission}`,
    at,
  });
  return true;
}
