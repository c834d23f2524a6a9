import { desc, inArray } from 'drizzle-orm';
import { APPLICATION_STEPS, ORDER_STATUSES, isOutstanding, type HomeSummaryResponse, type Locale } from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { orders } from '../../db/schema/index.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { applicationView } from '../application/application-view.ts';
import { orderView } from '../orders/order-view.ts';

export interface HomeSummaryDeps {
  db: Db;
  secretKey: Buffer;
  config: Pick<Config, 'SUPPORT_EMAIL' | 'HOTLINE' | 'WEB_EMAIL' | 'WEBSITE'>;
}

const OUTSTANDING = ORDER_STATUSES.filter(isOutstanding);

/**
 * What home shows, for the borrower of the session only: the application's status and next step,
 * the decision and limit, the outstanding order (label, amounts, due date) and how to reach support.
 * Built from the same views as the application and order endpoints, so the numbers cannot differ.
 */
export async function getHomeSummary(deps: HomeSummaryDeps, customerId: string, now: Date, locale: Locale): Promise<HomeSummaryResponse> {
  const application = await applicationView(deps.db, deps.secretKey, customerId, now);
  const identity = application.steps.identityInfo.data as { firstName?: unknown } | null;
  const firstName = typeof identity?.firstName === 'string' && identity.firstName.trim() ? identity.firstName.trim() : null;
  const decision = application.decision;

  const [current] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, customerId, inArray(orders.status, OUTSTANDING)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const order = current ? await orderView(deps.db, customerId, current.id, now, locale) : null;

  return {
    firstName,
    application: {
      status: application.status,
      nextStep: application.nextStep,
      stepsDone: APPLICATION_STEPS.filter((s) => application.steps[s].completed).length,
      stepsTotal: APPLICATION_STEPS.length,
      editable: application.editable,
      decision: decision ? { outcome: decision.outcome, retryDate: decision.retryDate } : null,
    },
    creditLimit: application.status === 'approved' ? (decision?.creditLimit ?? null) : null,
    order: order
      ? {
          id: order.id,
          status: order.status,
          label: order.label,
          principal: order.principal,
          netProceeds: order.netProceeds,
          totalRepayment: order.totalRepayment,
          dueDate: order.dueDate,
          amountDue: order.balance?.total ?? null,
          overdueDays: order.balance?.overdueDays ?? 0,
        }
      : null,
    support: { email: deps.config.SUPPORT_EMAIL, hotline: deps.config.HOTLINE, webEmail: deps.config.WEB_EMAIL, website: deps.config.WEBSITE },
  };
}
