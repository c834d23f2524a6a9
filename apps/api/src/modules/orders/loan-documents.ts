import { createHash } from 'node:crypto';
import { CAPS, effectiveMonthlyRate, formatPeso, type Quote } from '@pisonow/domain';

export interface DocumentParties {
  company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  borrower: { name: string; phone: string; address: string };
  orderId: string;
  /** Manila date the order is signed, YYYY-MM-DD */
  date: string;
  /** Manila due date if paid out today, YYYY-MM-DD */
  dueDate: string;
  lateCharge: bigint;
  penaltyDailyPpm: number;
  extensionFeeBp: number;
  extensionDays: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const pct = (ratio: number) => `${(ratio * 100).toFixed(2)}%`;
const row = (label: string, value: string) => `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><article><h1>${esc(title)}</h1>${body}</article></body></html>`;
}

/** The disclosure statement required by the Truth in Lending Act (RA 3765) before signing. */
export function disclosureStatement(q: Quote, p: DocumentParties): string {
  const eir = effectiveMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays);
  return page(
    'Disclosure Statement on Loan Transaction',
    `<p>${esc(p.company.name)} · SEC Reg. No. ${esc(p.company.secRegistrationNo)} · Certificate of Authority No. ${esc(p.company.certificateOfAuthorityNo)}</p>
<p>Borrower: ${esc(p.borrower.name)} · Order ${esc(p.orderId)} · ${esc(p.date)}</p>
<table>
${row('Amount financed (principal)', formatPeso(q.principal))}
${row('Service fee (deducted)', formatPeso(q.serviceFee))}
${q.coupon > 0n ? row('Coupon applied to the service fee', `-${formatPeso(q.coupon)}`) : ''}
${row('Credit reporting fee (deducted)', formatPeso(q.creditReportingFee))}
${row('Tax on fees (deducted)', formatPeso(q.tax))}
${row('Net proceeds of the loan', formatPeso(q.netProceeds))}
${row('Interest', `${formatPeso(q.interest)} (${(q.dailyInterestPpm / 10_000).toFixed(2)}% a day for ${q.termDays} days)`)}
${row('Total finance charge', formatPeso(q.financeCharge))}
${row('Payment schedule', `one payment of ${formatPeso(q.totalRepayment)} on ${p.dueDate}`)}
${row('Effective interest rate (EIR)', `${pct(eir)} a month (cap ${pct(CAPS.effectiveMonthly)})`)}
${row('Late charge', `${formatPeso(p.lateCharge)} once, when overdue`)}
${row('Penalty', `${(p.penaltyDailyPpm / 10_000).toFixed(2)}% a day of the amount due, at most 5% a month`)}
${row('Total cost cap', 'interest, fees and penalties never exceed 100% of the principal')}
</table>`,
  );
}

export function loanAgreement(q: Quote, p: DocumentParties): string {
  return page(
    'Loan Agreement',
    `<p>This agreement is made on ${esc(p.date)} between ${esc(p.company.name)} (the Lender) and ${esc(p.borrower.name)}, mobile ${esc(p.borrower.phone)}, of ${esc(p.borrower.address)} (the Borrower).</p>
<ol>
<li>The Lender lends the Borrower ${esc(formatPeso(q.principal))}. Fees of ${esc(formatPeso(q.serviceFee + q.creditReportingFee + q.tax))} are deducted, and ${esc(formatPeso(q.netProceeds))} is paid to the Borrower's chosen account within 24 hours.</li>
<li>The Borrower repays ${esc(formatPeso(q.totalRepayment))} in one payment on ${esc(p.dueDate)} (the due date is counted from the day the money is paid out).</li>
<li>The Borrower may extend the due date by ${p.extensionDays} days for a fee of ${(p.extensionFeeBp / 100).toFixed(2)}% of the principal, with no overdue fees and no reduction of principal.</li>
<li>If payment is late, a late charge of ${esc(formatPeso(p.lateCharge))} and a penalty of ${(p.penaltyDailyPpm / 10_000).toFixed(2)}% a day of the amount due apply, never more than 5% a month, and all interest, fees and penalties together never more than 100% of the principal (SEC MC 3 s.2022 as amended by MC 14 s.2025).</li>
<li>The Borrower may cancel within 24 hours of receiving the money by contacting customer service and returning the net proceeds.</li>
<li>Collection follows SEC MC 18 s.2019: no threats, no contacting people in the Borrower's phone book, and no disclosure of the debt to third parties.</li>
<li>The Disclosure Statement for this loan forms part of this agreement.</li>
</ol>`,
  );
}

export function sanctionLetter(q: Quote, p: DocumentParties): string {
  return page(
    'Sanction Letter',
    `<p>${esc(p.date)}</p><p>Dear ${esc(p.borrower.name)},</p>
<p>We are pleased to confirm that a loan of ${esc(formatPeso(q.principal))} for ${q.termDays} days has been sanctioned to you (order ${esc(p.orderId)}), on the terms of the Loan Agreement and Disclosure Statement. You will receive ${esc(formatPeso(q.netProceeds))} and repay ${esc(formatPeso(q.totalRepayment))} on ${esc(p.dueDate)}.</p>
<p>${esc(p.company.name)}</p>`,
  );
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
