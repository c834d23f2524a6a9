import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { DEFAULT_DECISION_RULES, ageOn, decide, manilaDate, type Decision, type DecisionFacts, type EmploymentType, type IncomeBand } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { applicationDecisions, applicationEvents, applicationSteps, applications, orders, photos } from '../../db/schema/index.ts';
import { MS, addMs, type Clock } from '../../lib/clock.ts';
import { currentProduct } from './product-config.ts';

export interface DecideDeps {
  db: Db;
  clock: Clock;
  sandbox: boolean;
}

/**
 * SANDBOX ONLY: documented values that force an outcome, so every path can be tried by hand and by
 * the browser tests. The application's e-mail local part decides: `reject…@` → rejected,
 * `reupload…@` → new ID photo requested; anything else goes through the real rules.
 */
export function sandboxForcedOutcome(email: string | undefined): 'reject' | 'reupload_id' | null {
  const local = (email ?? '').split('@')[0]!.toLowerCase();
  if (local.startsWith('reject')) return 'reject';
  if (local.startsWith('reupload')) return 'reupload_id';
  return null;
}

const statusFor = { approve: 'approved', reupload_id: 'needs_photo', reject: 'rejected' } as const;

/**
 * Decides one submitted application (BE-04, ST-03, ST-05) from the configured rules over the
 * application and the borrower's history, and records every rule's outcome. Safe to run twice:
 * one decision per submission (unique index), and an application no longer under review is left
 * alone.
 */
export async function decideApplication(deps: DecideDeps, applicationId: string): Promise<Decision | null> {
  const now = deps.clock.now();
  const [application] = await deps.db.select().from(applications).where(eq(applications.id, applicationId));
  if (!application || application.status !== 'under_review') return null;

  const steps = await deps.db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, applicationId));
  const data = (step: string) => (steps.find((s) => s.step === step)?.data ?? {}) as Record<string, unknown>;
  const identity = data('identityInfo') as { birthDate?: string; idPhotoId?: string; selfiePhotoId?: string };
  const work = data('workInfo') as { employmentType?: EmploymentType; monthlyIncome?: IncomeBand };
  const email = (data('baseInfo') as { email?: string }).email;

  const photoIds = [identity.idPhotoId, identity.selfiePhotoId].filter((id): id is string => !!id);
  const accepted = photoIds.length
    ? await deps.db.select({ id: photos.id }).from(photos).where(and(eq(photos.customerId, application.customerId), inArray(photos.id, photoIds), eq(photos.status, 'accepted')))
    : [];
  const duplicate = application.idNumberHash
    ? await deps.db.select({ id: applications.id }).from(applications).where(and(eq(applications.idNumberHash, application.idNumberHash), ne(applications.customerId, application.customerId))).limit(1)
    : [];

  const settled = await deps.db.select({ id: orders.id }).from(orders).where(and(eq(orders.customerId, application.customerId), eq(orders.status, 'settled')));

  const facts: DecisionFacts = {
    age: identity.birthDate ? ageOn(identity.birthDate, manilaDate(now)) : 0,
    monthlyIncome: work.monthlyIncome ?? 'lt12000',
    employmentType: work.employmentType ?? 'unemployed',
    duplicateIdElsewhere: duplicate.length > 0,
    // Overdue days are tracked from the servicing issue on (due/overdue jobs); until then none.
    worstPastOverdueDays: 0,
    identityPhotosOk: accepted.length === 2,
    settledLoans: settled.length,
  };
  const product = await currentProduct(deps.db);
  let decision = decide(facts, DEFAULT_DECISION_RULES, product.limits);
  const forced = deps.sandbox ? sandboxForcedOutcome(email) : null;
  if (forced === 'reject') decision = { outcome: 'reject', reason: 'income', retryAfterDays: DEFAULT_DECISION_RULES.retryAfterDays, rules: decision.rules, rulesVersion: decision.rulesVersion };
  if (forced === 'reupload_id') decision = { outcome: 'reupload_id', rules: decision.rules, rulesVersion: decision.rulesVersion };

  const retryAt = decision.outcome === 'reject' ? addMs(now, decision.retryAfterDays * MS.day) : null;
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(applicationDecisions)
      .values({
        id: randomUUID(),
        applicationId,
        customerId: application.customerId,
        submission: application.submissionCount,
        outcome: decision.outcome,
        creditLimit: decision.outcome === 'approve' ? decision.limit : null,
        reason: decision.outcome === 'reject' ? decision.reason : null,
        retryAt,
        rules: decision.rules,
        rulesVersion: decision.rulesVersion,
        sandboxForced: forced,
        decidedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: applicationDecisions.id });
    if (inserted.length === 0) return; // decided already by another run
    await tx
      .update(applications)
      .set({ status: statusFor[decision.outcome], updatedAt: now })
      .where(and(eq(applications.id, applicationId), eq(applications.status, 'under_review')));
    await tx.insert(applicationEvents).values({ id: randomUUID(), applicationId, type: `decided_${decision.outcome}`, at: now, detail: { submission: application.submissionCount, sandboxForced: forced } });
  });
  return decision;
}

/** The sweep: every application under review without a decision for its current submission. */
export async function decidePendingApplications(deps: DecideDeps): Promise<number> {
  const pending = await deps.db.select({ id: applications.id }).from(applications).where(eq(applications.status, 'under_review'));
  let decided = 0;
  for (const { id } of pending) if (await decideApplication(deps, id)) decided++;
  return decided;
}
