import { eq } from 'drizzle-orm';
import { manilaDate, statementOfAccount, type Locale } from '@pisonow/domain';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { borrowerParty } from '../orders/borrower-party.ts';
import { loadLoan } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';
import { statementOfAccountHtml } from './statement-documents.ts';

/**
 * My statement of account (BE-12): every charge, payment and balance of one of my loans, from its
 * loan transactions (the same history its ledger postings come from), as of today in Manila.
 */
export async function getLoanStatement(
  ctx: Pick<ServicingContext, 'db' | 'clock' | 'company'>,
  input: { customerId: string; orderId: string; locale: Locale },
): Promise<{ html: string }> {
  const [owned] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(ownedBy(orders, input.customerId, eq(orders.id, input.orderId)));
  if (!owned) throw new AppError('NOT_FOUND');
  const record = await loadLoan(ctx.db, owned.id);
  if (!record) throw new AppError('NOT_FOUND');
  const { order, loan } = record;
  const html = statementOfAccountHtml(
    statementOfAccount(loan.transactions),
    {
      company: { name: ctx.company.COMPANY_NAME, secRegistrationNo: ctx.company.COMPANY_SEC_REG_NO },
      borrower: await borrowerParty(ctx.db, input.customerId),
      orderId: order.id,
      asOf: manilaDate(ctx.clock.now()),
      disbursedOn: loan.disbursedOn,
      dueDate: loan.dueDate,
      principal: order.principal,
      netProceeds: order.netProceeds,
    },
    input.locale,
  );
  return { html };
}
