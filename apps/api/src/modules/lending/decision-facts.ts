import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ageOn, manilaDate, type DecisionFacts, type EmploymentType, type IncomeBand } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { screenCustomer } from '../aml/screen-customer.ts';
import { applicationSteps, applications, loanTransactions, orders, photos } from '../../db/schema/index.ts';

/**
 * The facts the decision rules read (BE-04), gathered from the application and the borrower's
 * history: one function for the first decision and for every later re-check (an automatic re-loan
 * re-runs the rules on the day it is booked), so the two can never read different facts.
 */
export async function decisionFacts(
  db: Db | Tx,
  input: { application: typeof applications.$inferSelect; now: Date },
): Promise<{ facts: DecisionFacts; email: string | undefined }> {
  const { application, now } = input;
  const steps = await db
    .select()
    .from(applicationSteps)
    .where(eq(applicationSteps.applicationId, application.id));
  const data = (step: string) => (steps.find((s) => s.step === step)?.data ?? {}) as Record<string, unknown>;
  const identity = data('identityInfo') as {
    birthDate?: string;
    idPhotoId?: string;
    selfiePhotoId?: string;
    firstName?: string;
    middleName?: string;
    lastName?: string;
  };
  const work = data('workInfo') as { employmentType?: EmploymentType; monthlyIncome?: IncomeBand };
  const email = (data('baseInfo') as { email?: string }).email;
  const payout = data('bankInfo') as { channel?: string; providerCode?: string; account?: string };

  const photoIds = [identity.idPhotoId, identity.selfiePhotoId].filter((id): id is string => !!id);
  const accepted = photoIds.length
    ? await db
        .select({ id: photos.id })
        .from(photos)
        .where(
          and(
            eq(photos.customerId, application.customerId),
            inArray(photos.id, photoIds),
            eq(photos.status, 'accepted'),
          ),
        )
    : [];
  const duplicate = application.idNumberHash
    ? await db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            eq(applications.idNumberHash, application.idNumberHash),
            ne(applications.customerId, application.customerId),
          ),
        )
        .limit(1)
    : [];
  // A possible duplicate identity: the same payout account given by another customer (issue 11).
  const sharedAccount =
    payout.account && payout.providerCode
      ? await db
          .select({ id: applicationSteps.applicationId })
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
          .limit(1)
      : [];
  const settled = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, application.customerId), eq(orders.status, 'settled')));

  const facts: DecisionFacts = {
    age: identity.birthDate ? ageOn(identity.birthDate, manilaDate(now)) : 0,
    monthlyIncome: work.monthlyIncome ?? 'lt12000',
    employmentType: work.employmentType ?? 'unemployed',
    duplicateIdElsewhere: duplicate.length > 0,
    duplicatePayoutAccountElsewhere: sharedAccount.length > 0,
    worstPastOverdueDays: await worstPastOverdueDays(db, application.customerId),
    identityPhotosOk: accepted.length === 2,
    settledLoans: settled.length,
    // BE-14: screened against the newest designated-persons list at every decision (recorded)
    sanctionsHold: (
      await screenCustomer(db, {
        customerId: application.customerId,
        fullName: [identity.firstName, identity.middleName, identity.lastName].filter(Boolean).join(' '),
        birthDate: identity.birthDate ?? '',
        now,
      })
    ).held,
  };
  return { facts, email };
}

/**
 * The most days any of the borrower's repayments came after the due date in force when it was
 * paid (the loan's own history; a repayment's business date is the day the payer paid, BE-10).
 * A cancelled loan does not count: one undone because its transfer came back (BE-05) was never
 * the borrower's money, and what they paid on it is refunded.
 */
export async function worstPastOverdueDays(db: Db | Tx, customerId: string): Promise<number> {
  const [row] = await db
    .select({
      days: sql<
        number | null
      >`max(${loanTransactions.businessDate}::date - ${loanTransactions.dueDate}::date)`,
    })
    .from(loanTransactions)
    .innerJoin(orders, eq(orders.id, loanTransactions.orderId))
    .where(
      and(
        eq(loanTransactions.customerId, customerId),
        eq(loanTransactions.type, 'repayment'),
        ne(orders.status, 'cancelled'),
      ),
    );
  return Math.max(0, Number(row?.days ?? 0));
}
