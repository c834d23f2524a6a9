import { eq } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import { reviewCases, sessions } from '../db/schema/index.ts';
import { decideApplication } from '../modules/lending/decide-application.ts';
import { lendingContext } from '../modules/lending/lending-context.ts';
import { submitCompleteApplication } from './application-fixtures.ts';
import {
  seedAmlHit,
  seedStrCases,
  seedComplaint,
  seedCreditReport,
  seedDataRequest,
  seedFeedback,
  seedOpenDispute,
  seedProductChanges,
  type ConsoleRequestIds,
  type TestOperator,
} from './console-fixtures.ts';
import { moneyMatrixRequests, type MatrixRequest } from './money-fixtures.ts';
import type { client, TestApp } from './test-app.ts';

/**
 * The records every console endpoint acts on, for the suites generated over the access map (the
 * role matrix and the audit trail): a signed-in borrower with feedback, a credit report, an AML
 * hit, a deletion request, an open payment dispute, a complaint, product changes, an open review case, and the
 * money endpoints' own records. `phoneBase`: a 9-digit prefix the suite's borrowers' numbers use.
 */
export async function seedConsoleMatrix(
  t: TestApp,
  api: ReturnType<typeof client>,
  ops: Record<OperatorRole, TestOperator>,
  phoneBase: string,
): Promise<{
  borrower: { token: string; customerId: string };
  ids: ConsoleRequestIds;
  money: Partial<Record<string, MatrixRequest>>;
}> {
  const phone = `${phoneBase}1`;
  const borrower = await api.signIn(phone);
  const [s] = await t.database.db.select().from(sessions).where(eq(sessions.customerId, borrower.customerId));
  const feedbackId = await seedFeedback(t, borrower.token);
  const complaintId = await seedComplaint(t, borrower.token);
  const creditReportId = await seedCreditReport(t, ops.admin);
  const amlScreeningId = await seedAmlHit(t, borrower.customerId);
  const amlStrCaseIds = await seedStrCases(t, ops.underwriter, borrower.customerId);
  const disputeId = await seedOpenDispute(t);
  // its own borrower: completing the request ends that borrower's sessions
  const dataRequestId = await seedDataRequest(t, (await api.signIn(`${phoneBase}9`)).token);
  const money = await moneyMatrixRequests(t, ops);
  // product changes drafted by a second admin, so the fixtures' admin may decide them (CO-06)
  const productChangeIds = await seedProductChanges(t);
  // an open review case (a duplicate ID number) for the underwriter's endpoints
  const idNumber = `CRN-0111-${phoneBase.slice(3)}3-1`;
  await submitCompleteApplication(t.database.db, api, `${phoneBase}3`, { idNumber });
  const dup = await submitCompleteApplication(t.database.db, api, `${phoneBase}4`, { idNumber });
  await decideApplication(lendingContext(t.app), { applicationId: dup.applicationId });
  const [c] = await t.database.db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, dup.applicationId));
  return {
    borrower,
    ids: {
      customerId: borrower.customerId,
      sessionId: s!.id,
      phone,
      feedbackId,
      complaintId,
      caseId: c!.id,
      dataRequestId,
      creditReportId,
      amlScreeningId,
      amlStrCaseIds,
      disputeId,
      productChangeIds,
    },
    money,
  };
}
