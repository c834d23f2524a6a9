import { eq } from 'drizzle-orm';
import { extensionQuote, manilaDate, type ExtensionQuoteResponse, type Locale } from '@pisonow/domain';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { extensionDisclosure } from './extension-disclosure.ts';
import { loadLoan } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';

/** CO-02: what extending this loan today costs and does, with a fresh disclosure statement. */
export async function getExtensionQuote(
  ctx: ServicingContext,
  input: { customerId: string; orderId: string; locale: Locale },
): Promise<ExtensionQuoteResponse> {
  const [owned] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, input.customerId, eq(orders.id, input.orderId)));
  if (!owned) throw new AppError('NOT_FOUND');
  const { loan } = (await loadLoan(ctx.db, input.orderId))!;
  const quote = extensionQuote(loan, manilaDate(ctx.clock.now()));
  return {
    available: quote.available,
    blockedBy: quote.blockedBy,
    fee: quote.fee.toString(),
    overdueCharges: quote.overdueCharges.toString(),
    amount: quote.amount.toString(),
    extensionDays: loan.terms.extensionDays,
    currentDueDate: loan.dueDate,
    newDueDate: quote.newDueDate,
    disclosure: extensionDisclosure(loan, quote, input.locale),
  };
}
