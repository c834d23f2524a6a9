import {
  CAPS,
  LOCALES,
  formatPeso,
  type ExtendedLoan,
  type ExtensionQuote,
  type Loan,
  type Locale,
} from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import { formatDate } from '@pisonow/domain/date-format';
import type { Tx } from '../../db/client.ts';
import { extensionDisclosures } from '../../db/schema/index.ts';
import { esc, percent, row, sha256Hex } from '../orders/loan-documents.ts';

/**
 * CO-02, RA 3765: a fresh disclosure statement for the extended loan, in the borrower's language
 * (the catalogue's `documents:extensionDisclosure.*`). The figures are the domain's
 * `extensionStatement`: what is still owed once the fee and charges are paid (from the loan's
 * history, as booked when the extension is paid), the finance charge of the whole extended loan and
 * its EIR, a month and a year, rounded up as the loan's own disclosure rounds them. Dates are
 * written in the borrower's language ("Abr 23, 2027"; issue 9, clarity item 7).
 */
export function extensionDisclosure(
  loan: Loan,
  statement: { quote: ExtensionQuote; extended: ExtendedLoan },
  locale: Locale,
): string {
  const { quote, extended } = statement;
  const t = (key: string, vars?: Record<string, unknown>) =>
    translate(locale, `documents:extensionDisclosure.${key}`, vars);
  return `<article lang="${locale}"><h1>${esc(t('title'))}</h1><p>${esc(t('intro'))}</p><table>
${row(t('loanPrincipal'), formatPeso(loan.quote.principal))}
${row(t('principal'), formatPeso(extended.owed.principal))}
${row(t('interest'), formatPeso(extended.owed.interest))}
${row(t('fee'), formatPeso(quote.fee))}
${row(t('charges'), formatPeso(quote.overdueCharges))}
${row(t('pay'), formatPeso(quote.amount))}
${row(t('due'), formatDate(loan.dueDate, locale))}
${row(t('newDue'), t('newDueValue', { date: formatDate(extended.newDueDate, locale), count: extended.days }))}
${row(t('repay'), formatPeso(extended.amountDue))}
${row(t('term'), t('termValue', { count: extended.termDays }))}
${row(t('financeChargeLoan'), formatPeso(loan.quote.financeCharge))}
${row(t('extensionFees'), t('extensionFeesValue', { amount: formatPeso(extended.extensionFees), count: extended.extensions }))}
${row(t('overdueCharges'), formatPeso(extended.overdueCharges))}
${row(t('financeCharge'), formatPeso(extended.financeCharge))}
${row(t('eirMonth'), `${percent(extended.eir.monthly)} (${t('eirNote', { cap: percent(CAPS.effectiveMonthly) })})`)}
${row(t('eirYear'), `${percent(extended.eir.yearly)} (${t('eirYearNote')})`)}
</table><p>${esc(t('rules'))}</p><p>${esc(t('ack'))}</p></article>`;
}

/**
 * The statement the borrower read, to keep with their extension attempt: the one whose hash they
 * sent back (in whichever language they read it), else the one in the request's language. Null
 * when the hash is not that of the statement in force in any language (they read a stale one).
 */
export function shownExtensionDisclosure(
  loan: Loan,
  statement: { quote: ExtensionQuote; extended: ExtendedLoan },
  input: { locale: Locale; sha256?: string | undefined },
): { html: string; sha256: string; locale: Locale } | null {
  const render = (locale: Locale) => {
    const html = extensionDisclosure(loan, statement, locale);
    return { html, sha256: sha256Hex(html), locale };
  };
  if (input.sha256 === undefined) return render(input.locale);
  // the request's language first: it is almost always the one the statement was read in
  for (const locale of [input.locale, ...LOCALES.filter((l) => l !== input.locale)]) {
    const shown = render(locale);
    if (shown.sha256 === input.sha256) return shown;
  }
  return null;
}

/**
 * RA 3765: keeps the copy of the statement an extension is paid on, with the repayment that pays
 * it: the borrower's own attempt (the copy they read) and finance applying held money as an
 * extension (the one in force when the payer paid). One copy per repayment: a copy already kept
 * stays.
 */
export async function keepExtensionDisclosure(
  tx: Tx,
  copy: { repaymentId: string; orderId: string; locale: Locale; html: string; sha256?: string; at: Date },
): Promise<void> {
  await tx
    .insert(extensionDisclosures)
    .values({
      repaymentId: copy.repaymentId,
      orderId: copy.orderId,
      locale: copy.locale,
      html: copy.html,
      sha256: copy.sha256 ?? sha256Hex(copy.html),
      createdAt: copy.at,
    })
    .onConflictDoNothing({ target: extensionDisclosures.repaymentId });
}
