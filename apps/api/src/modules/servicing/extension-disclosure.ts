import { formatPeso, type ExtensionQuote, type Locale, type Loan } from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * CO-02: a fresh disclosure statement for the extended loan, in the borrower's language (the
 * catalogue's `documents:extensionDisclosure.*`).
 */
export function extensionDisclosure(loan: Loan, quote: ExtensionQuote, locale: Locale): string {
  const t = (key: string) => translate(locale, `documents:extensionDisclosure.${key}`);
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;
  return `<article lang="${locale}"><h1>${esc(t('title'))}</h1><p>${esc(t('intro'))}</p><table>
${row(t('principal'), formatPeso(loan.quote.principal))}
${row(t('fee'), formatPeso(quote.fee))}
${row(t('charges'), formatPeso(quote.overdueCharges))}
${row(t('pay'), formatPeso(quote.amount))}
${row(t('due'), loan.dueDate ?? '')}
${row(t('newDue'), quote.newDueDate ?? '')}
${row(t('repay'), formatPeso(loan.quote.totalRepayment))}
</table><p>${esc(t('rules'))}</p><p>${esc(t('ack'))}</p></article>`;
}
