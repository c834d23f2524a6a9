import { and, desc, eq } from 'drizzle-orm';
import {
  APPLICATION_STEPS,
  DEFAULT_DECISION_RULES,
  DEFAULT_POSTAL_CODE_LENGTH,
  manilaDate,
  maskIdNumber,
  type ApplicationStatus,
  type ApplicationStep,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { applicationDecisions, applicationSteps, applications } from '../../db/schema/index.ts';
import { unseal } from '../../lib/sealing.ts';
import type { ApplicationContext } from './application-context.ts';

/** Statuses in which the borrower may still change what they sent (a "modification"). */
export const EDITABLE_STATUSES = new Set(['draft', 'under_review', 'rejected', 'needs_photo']);

/** The decision on the application's latest submission, if any (BE-04). */
export async function latestDecision(db: Db | Tx, applicationId: string, submission: number) {
  const [row] = await db
    .select()
    .from(applicationDecisions)
    .where(
      and(
        eq(applicationDecisions.applicationId, applicationId),
        eq(applicationDecisions.submission, submission),
      ),
    )
    .orderBy(desc(applicationDecisions.decidedAt))
    .limit(1);
  return row
    ? {
        outcome: row.outcome as 'approve' | 'reupload_id' | 'reject',
        creditLimit: row.creditLimit?.toString() ?? null,
        retryAt: row.retryAt?.toISOString() ?? null,
        retryDate: row.retryAt ? manilaDate(row.retryAt) : null,
        decidedAt: row.decidedAt.toISOString(),
      }
    : null;
}

export interface SensitiveIdentity {
  idNumber: string;
  aadhaar?: string | undefined;
  pan?: string | undefined;
}

/**
 * The application as its owner sees it: status, each step's saved data, the first unfinished step
 * (where the app resumes) and the rules the forms need. The sealed ID numbers are opened for the
 * owner's own form and also given masked for display.
 */
export async function applicationView(
  ctx: Pick<ApplicationContext, 'db' | 'clock' | 'secretKey'>,
  input: { customerId: string },
) {
  const { db, secretKey } = ctx;
  const { customerId } = input;
  const now = ctx.clock.now();
  // Clarity item 11: the age the form asks for is the age the decision approves (one source: the
  // decision rules in force), not the wider legal bounds the contract accepts (18–70).
  const rules = {
    postalCodeLength: DEFAULT_POSTAL_CODE_LENGTH,
    minAge: DEFAULT_DECISION_RULES.minAge,
    maxAge: DEFAULT_DECISION_RULES.maxAge,
    today: manilaDate(now),
  };
  const [application] = await db.select().from(applications).where(eq(applications.customerId, customerId));
  const empty = Object.fromEntries(
    APPLICATION_STEPS.map((s) => [s, { completed: false, data: null }]),
  ) as Record<ApplicationStep, { completed: boolean; data: Record<string, unknown> | null }>;
  if (!application) {
    return {
      status: 'none' as ApplicationStatus,
      applicationId: null,
      submittedAt: null,
      submissionCount: 0,
      steps: empty,
      nextStep: APPLICATION_STEPS[0] as ApplicationStep | null,
      editable: true,
      decision: null,
      rules,
    };
  }
  const rows = await db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, application.id));
  const steps = { ...empty };
  for (const row of rows) {
    if (!(APPLICATION_STEPS as readonly string[]).includes(row.step)) continue;
    let data = row.data;
    if (row.step === 'identityInfo' && application.sensitiveSealed) {
      const sensitive = JSON.parse(unseal(secretKey, application.sensitiveSealed)) as SensitiveIdentity;
      data = { ...data, ...sensitive, idNumberMasked: maskIdNumber(sensitive.idNumber) };
    }
    steps[row.step as ApplicationStep] = { completed: true, data };
  }
  const nextStep = APPLICATION_STEPS.find((s) => !steps[s].completed) ?? null;
  return {
    status: application.status as ApplicationStatus,
    applicationId: application.id,
    submittedAt: application.submittedAt?.toISOString() ?? null,
    submissionCount: application.submissionCount,
    steps,
    nextStep,
    editable: EDITABLE_STATUSES.has(application.status),
    decision: await latestDecision(db, application.id, application.submissionCount),
    rules,
  };
}
