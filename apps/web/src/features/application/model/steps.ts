import { APPLICATION_STEPS, type ApplicationStep } from '@pisonow/domain';

/** Where the review + submit screen lives: the last step's page in review mode (no extra route). */
export const REVIEW_PATH = '/bankInfo?review=1';

export function isStep(value: unknown): value is ApplicationStep {
  return typeof value === 'string' && (APPLICATION_STEPS as readonly string[]).includes(value);
}

/** 1-based position for "Step n of 7". */
export function stepNumber(step: ApplicationStep): number {
  return APPLICATION_STEPS.indexOf(step) + 1;
}

/**
 * Where Next leads after a step was saved: the review once every step is complete, otherwise the
 * following step in order (a borrower going back to fix step 1 walks forward through their own data).
 */
export function pathAfter(
  step: ApplicationStep,
  steps: Record<ApplicationStep, { completed: boolean }>,
): string {
  if (APPLICATION_STEPS.every((s) => steps[s].completed)) return REVIEW_PATH;
  const next = APPLICATION_STEPS[APPLICATION_STEPS.indexOf(step) + 1];
  return next ? `/${next}` : REVIEW_PATH;
}

/** Where "Apply now" / "Continue" on home leads: the first unfinished step, or the review. */
export function resumePath(nextStep: ApplicationStep | null): string {
  return nextStep ? `/${nextStep}` : REVIEW_PATH;
}
