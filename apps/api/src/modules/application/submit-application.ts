import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { APPLICATION_STEPS, type ApplicationStep } from '@pisonow/domain';
import { applicationEvents, applicationSteps, applications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { JOBS } from '../../plugins/app/job-types.ts';
import { manilaDate } from '@pisonow/domain';
import { EDITABLE_STATUSES, applicationView, latestDecision } from './application-view.ts';
import { assertOwnPhotos } from './save-application-step.ts';
import { switchIsOn } from '../platform/operational-switches.ts';
import type { ApplicationContext } from './application-context.ts';

/**
 * Submits the application for review: refused while new applications are paused (issue 11); every
 * step must be saved (the first missing one is named), and the identity photos must still be accepted. Submitting an application that is already under
 * review changes nothing (a double tap or a retry is harmless).
 */
export async function submitApplication(ctx: ApplicationContext, input: { customerId: string }) {
  const { customerId } = input;
  const now = ctx.clock.now();
  // Issue 11: an admin can pause new applications (e.g. while funding is short); nothing is written.
  if (await switchIsOn(ctx.db, 'pauseNewApplications', false)) throw new AppError('APPLICATIONS_PAUSED');
  const [current] = await ctx.db.select().from(applications).where(eq(applications.customerId, customerId));
  const saved = current
    ? await ctx.db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, current.id))
    : [];
  const missing = APPLICATION_STEPS.find((s) => !saved.some((row) => row.step === s));
  if (!current || missing) {
    const step: ApplicationStep = missing ?? APPLICATION_STEPS[0];
    throw new AppError('STEP_INCOMPLETE', {
      params: { step },
      details: [{ field: step, code: 'STEP_INCOMPLETE' }],
    });
  }
  const identity = saved.find((row) => row.step === 'identityInfo')!.data as {
    idPhotoId: string;
    selfiePhotoId: string;
  };
  await assertOwnPhotos(ctx.db, customerId, identity);

  await ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(applications)
      .where(eq(applications.id, current.id))
      .for('update');
    if (!application) throw new AppError('NOT_FOUND');
    // Already submitted: idempotent by design. Approved counts too: a submit retried after a crash
    // (its Idempotency-Key lease ran out with no stored answer) can find the decision already made,
    // and must answer with it, not refuse the borrower (issue 8, the crash run).
    if (application.status === 'under_review' || application.status === 'approved') return;
    if (!EDITABLE_STATUSES.has(application.status)) throw new AppError('APPLICATION_NOT_EDITABLE');
    // ST-03: after a rejection the borrower may resubmit from the retry date on. Checked on the last
    // submission's decision whatever the status says now: saving a step turns a rejected
    // application back into a draft, and that must not open the door early.
    const decision = await latestDecision(tx, application.id, application.submissionCount);
    if (decision?.retryAt && new Date(decision.retryAt) > now)
      throw new AppError('RESUBMISSION_DATE', { params: { date: manilaDate(new Date(decision.retryAt)) } });
    await tx
      .update(applications)
      .set({
        status: 'under_review',
        submittedAt: now,
        updatedAt: now,
        submissionCount: application.submissionCount + 1,
      })
      .where(eq(applications.id, application.id));
    await tx.insert(applicationEvents).values({
      id: randomUUID(),
      applicationId: application.id,
      type: application.submissionCount === 0 ? 'submitted' : 'resubmitted',
      at: now,
      detail: { submission: application.submissionCount + 1 },
    });
    // Underwriting is queued by the same transaction: it exists exactly when the submission does
    // (the minute sweep stays as the safety net for a queue that was down).
    await ctx.jobs.sendInTx(
      tx,
      JOBS.decideApplication,
      { applicationId: application.id },
      { singletonKey: `${application.id}:${application.submissionCount + 1}` },
    );
  });
  return applicationView(ctx, { customerId });
}
