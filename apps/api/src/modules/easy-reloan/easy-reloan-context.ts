import type { FastifyInstance } from 'fastify';
import { ordersContext, type OrdersContext } from '../orders/orders-context.ts';

/**
 * What the Easy Re-loan use cases need, built once by the module's routes (`easyReloanContext(app)`).
 * Use cases: getEasyReloan, switchEasyReloan, bookAutomaticReloan, bookDueAutomaticReloans.
 * `applyEasyReloan` and `recordAutomaticReloanPayout` run inside
 * the caller's transaction and take `tx` (the payout path and the console's payout cancel call them); the agreement renderer is pure. An automatic re-loan is booked
 * through the orders module's own use cases, so the context carries what they need.
 */
export interface EasyReloanContext extends Pick<
  OrdersContext,
  'db' | 'clock' | 'log' | 'company' | 'payouts' | 'jobs'
> {
  /** the lender as the agreement names it */
  companyName: string;
}

export function easyReloanContext(app: FastifyInstance): EasyReloanContext {
  return { ...ordersContext(app), companyName: app.config.COMPANY_NAME };
}
