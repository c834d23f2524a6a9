import { eq } from 'drizzle-orm';
import { extensionStatement, type ExtensionQuoteResponse, type Locale } from '@pisonow/domain';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { shownExtensionDisclosure } from './extension-disclosure.ts';
import { loadLoan } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * CO-02: what extending this loan today costs and does, with a fresh disclosure statement of the
 * extended loan and its hash (sent back when paying, so the copy kept is the one read).
 */
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
  const { quote, extended } = extensionStatement(loan, ctx.clock.now());
  const shown = extended
    ? shownExtensionDisclosure(loan, { quote, extended }, { locale: input.locale })
    : null;
  return {
    available: quote.available,
    blockedBy: quote.blockedBy,
    fee: quote.fee.toString(),
    overdueCharges: quote.overdueCharges.toString(),
    amount: quote.amount.toString(),
    extensionDays: loan.terms.extensionDays,
    currentDueDate: loan.dueDate,
    newDueDate: quote.newDueDate,
    disclosure: shown?.html ?? null,
    disclosureSha256: shown?.sha256 ?? null,
  };
}
