import { eq } from 'drizzle-orm';
import { manilaDate, statementOfAccount, type Locale } from '@pisonow/domain';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { borrowerParty } from '../orders/borrower-party.ts';
import { clearanceLetterHtml } from './statement-documents.ts';
import { loadLoan } from './loan-record.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * My clearance letter (BE-12): once a loan is settled, a certificate that it is paid in full, with
 * the day the last payment was received (the day the balance reached zero in its history).
 */
export async function getClearanceLetter(
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
  const statement = statementOfAccount(loan.transactions);
  // settled is the state machine's word; the history must agree that nothing is owed
  if (order.status !== 'settled' || statement.closingTotal !== 0n || !loan.disbursedOn)
    throw new AppError('LOAN_NOT_SETTLED');
  const lastPayment = statement.lines.findLast((l) => l.credited > 0n);
  const html = clearanceLetterHtml(
    {
      company: {
        name: ctx.company.COMPANY_NAME,
        secRegistrationNo: ctx.company.COMPANY_SEC_REG_NO,
        certificateOfAuthorityNo: ctx.company.COMPANY_CA_NO,
      },
      borrower: await borrowerParty(ctx.db, input.customerId),
      orderId: order.id,
      principal: order.principal,
      disbursedOn: loan.disbursedOn,
      settledOn: lastPayment?.businessDate ?? loan.disbursedOn,
      // net of a payment taken back (CO-02: an extension paid after the loan was settled, held for
      // a refund: a repayment line that adds to the balance)
      totalPaid: statement.lines
        .filter((l) => l.type === 'repayment')
        .reduce((sum, l) => sum + l.credited - l.charged, 0n),
      issuedOn: manilaDate(ctx.clock.now()),
    },
    input.locale,
  );
  return { html };
}
