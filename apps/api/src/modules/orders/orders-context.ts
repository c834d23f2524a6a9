import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { Jobs } from '../../plugins/app/jobs.ts';
import type { PayoutProvider } from '../../providers/payout/payout-provider.ts';

/**
 * What the order use cases need, built once by the orders plugin (`ordersContext(app)`).
 *
 * A use case is an exported function a route, a job or another module calls:
 * `verbNoun(ctx: OrdersContext, input)` (loanOffer, previewOrderDocuments, placeOrder, orderView,
 * listOrders, orderDocument, disburseOrder, disbursePendingOrders, applyPayoutResult,
 * fixPayoutAccount, receivePayoutCallback). Not use cases, and so left in their own shape:
 * `applyPayoutResultInTx` (runs inside the caller's transaction and takes `tx`) and the document
 * renderers of loan-documents.ts (pure).
 */
export interface OrdersContext extends BaseContext {
  /** the payout provider: sends attempts, verifies its webhooks, names the attempts it owns */
  payouts: PayoutProvider;
  /** the disbursement is queued inside the order's transaction */
  jobs: Pick<Jobs, 'sendInTx'>;
  /** the lender as the documents name it */
  company: Pick<Config, 'COMPANY_NAME' | 'COMPANY_SEC_REG_NO' | 'COMPANY_CA_NO'>;
}

export function ordersContext(app: FastifyInstance): OrdersContext {
  return { ...baseContext(app), payouts: app.providers.payouts, jobs: app.jobs, company: app.config };
}
