import { createHash } from 'node:crypto';
import {
  CAPS,
  disclosedAnnualRate,
  disclosedMonthlyRate,
  formatPeso,
  type Locale,
  type Quote,
} from '@pisonow/domain';
import { translate } from '@pisonow/domain/catalogue/all';
import { formatDate } from '@pisonow/domain/date-format';

export interface DocumentParties {
  company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  borrower: { name: string; phone: string; address: string };
  orderId: string;
  /** Manila date the order is signed, YYYY-MM-DD (the documents write it in their language) */
  date: string;
  /** Manila due date if paid out today, YYYY-MM-DD */
  dueDate: string;
  lateCharge: bigint;
  penaltyDailyPpm: number;
  extensionFeeBp: number;
  extensionDays: number;
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
export const row = (label: string, value: string) =>
  `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;

export function page(title: string, body: string, lang: Locale = 'en-US'): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><article><h1>${esc(title)}</h1>${body}</article></body></html>`;
}

/** A ratio (0.0866) as a percentage to two decimals (8.66%). */
export function percent(ratio: number): string {
  return `${(Math.round(ratio * 10_000) / 100).toFixed(2)}%`;
}

/**
 * The EIR a month and a year (compounded monthly) as disclosed: the domain's one rounding rule, UP
 * to 0.01% (RA 3765: the disclosed EIR never understates the cost), the same figures the offer shows.
 */
export function disclosedEir(q: Quote): { monthly: number; yearly: number } {
  return {
    monthly: disclosedMonthlyRate(q.netProceeds, q.totalRepayment, q.termDays),
    yearly: disclosedAnnualRate(q.netProceeds, q.totalRepayment, q.termDays),
  };
}

const ppmDay = (ppm: number) => `${(ppm / 10_000).toFixed(2)}%`;
const bpPct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/**
 * The disclosure statement required by the Truth in Lending Act (RA 3765) before signing, in the
 * borrower's language: the catalogue's `documents:disclosure.*`.
 */
export function disclosureStatement(q: Quote, p: DocumentParties, locale: Locale = 'en-US'): string {
  // The coupon lowers the service fee (pricing.ts: `serviceFee` is already net of it): the fee row is
  // the fee before the coupon and the coupon row takes it off, so the deductions add up (RA 3765).
  const t = (key: string, vars?: Record<string, unknown>) =>
    translate(locale, `documents:disclosure.${key}`, vars);
  const eir = disclosedEir(q);
  // clarity item 7 (issue 9): dates as the borrower reads them ("Dis 7, 2026"), not 2026-12-07
  const date = formatDate(p.date, locale);
  const due = formatDate(p.dueDate, locale);
  const extensionFee = (q.principal * BigInt(p.extensionFeeBp)) / 10_000n;
  return page(
    t('title'),
    `<p>${esc(t('intro'))}</p>
<p>${esc(p.company.name)} · SEC Reg. No. ${esc(p.company.secRegistrationNo)} · Certificate of Authority No. ${esc(p.company.certificateOfAuthorityNo)}</p>
<p>${esc(t('borrower'))}: ${esc(p.borrower.name)} · ${esc(t('order'))} ${esc(p.orderId)} · ${esc(date)}</p>
<table>
${row(t('principal'), formatPeso(q.principal))}
${row(t('serviceFee'), formatPeso(q.serviceFee + q.coupon))}
${q.coupon > 0n ? row(t('coupon'), `-${formatPeso(q.coupon)}`) : ''}
${row(t('creditReportingFee'), formatPeso(q.creditReportingFee))}
${row(t('tax'), formatPeso(q.tax))}
${q.lenderDocumentaryStampTax > 0n ? row(t('dstLender'), formatPeso(q.lenderDocumentaryStampTax)) : row(t('dst'), formatPeso(q.documentaryStampTax))}
${row(t('netProceeds'), formatPeso(q.netProceeds))}
${row(t('interestLabel'), t('interest', { amount: formatPeso(q.interest), rate: ppmDay(q.dailyInterestPpm), count: q.termDays }))}
${row(t('financeCharge'), formatPeso(q.financeCharge))}
${row(t('schedule'), t('scheduleValue', { amount: formatPeso(q.totalRepayment), due }))}
${row(t('eirMonth'), `${percent(eir.monthly)} (${t('eirNote', { cap: percent(CAPS.effectiveMonthly) })})`)}
${row(t('eirYear'), `${percent(eir.yearly)} (${t('eirYearNote')})`)}
${row(t('lateCharge'), t('lateChargeValue', { amount: formatPeso(p.lateCharge) }))}
${row(t('penalty'), t('penaltyValue', { rate: ppmDay(p.penaltyDailyPpm) }))}
${row(t('combinedCap'), t('combinedCapValue'))}
${row(t('totalCap'), t('totalCapValue'))}
${row(t('extension'), t('extensionValue', { count: p.extensionDays, fee: formatPeso(extensionFee), rate: bpPct(p.extensionFeeBp) }))}
${row(t('prepayment'), t('prepaymentValue'))}
</table>
<p data-rule="due-date">${esc(t('dueRule', { count: q.termDays }))}</p>
<p data-part="acknowledgement">${esc(t('acknowledgement', { date }))}</p>
<p data-part="signature">${esc(t('signature'))}: ${esc(p.borrower.name)} ______________________</p>
<p data-part="copy">${esc(t('copy'))}</p>`,
    locale,
  );
}

/** The figures the agreement and the sanction letter quote, escaped once; dates in `locale`. */
function figures(q: Quote, p: DocumentParties, locale: Locale) {
  return {
    date: esc(formatDate(p.date, locale)),
    company: esc(p.company.name),
    borrower: esc(p.borrower.name),
    phone: esc(p.borrower.phone),
    address: esc(p.borrower.address),
    orderId: esc(p.orderId),
    principal: esc(formatPeso(q.principal)),
    deducted: esc(formatPeso(q.serviceFee + q.creditReportingFee + q.tax + q.documentaryStampTax)),
    net: esc(formatPeso(q.netProceeds)),
    total: esc(formatPeso(q.totalRepayment)),
    due: esc(formatDate(p.dueDate, locale)),
    days: q.termDays,
    extensionDays: p.extensionDays,
    extensionRate: bpPct(p.extensionFeeBp),
    lateCharge: esc(formatPeso(p.lateCharge)),
    penalty: ppmDay(p.penaltyDailyPpm),
  };
}

/** The loan agreement's clauses, in order (`documents:agreement.clauses.*`). */
const AGREEMENT_CLAUSES = ['lend', 'repay', 'extend', 'prepay', 'late', 'cancel', 'collection', 'disclosure'];

/**
 * The loan agreement and the sanction letter in the borrower's language: the catalogue's
 * `documents:agreement.*` and `documents:sanction.*`. The figures are escaped once (`figures`) and
 * the texts are the catalogue's own, so the result is inserted as it is.
 */
export function loanAgreement(q: Quote, p: DocumentParties, locale: Locale = 'en-US'): string {
  const f = figures(q, p, locale);
  const t = (key: string, count?: number) => translate(locale, `documents:agreement.${key}`, { ...f, count });
  // the clauses that count days pick their plural form
  const counts: Record<string, number> = { repay: f.days, extend: f.extensionDays };
  const clauses = AGREEMENT_CLAUSES.map((c) => `<li>${t(`clauses.${c}`, counts[c])}</li>\n`).join('');
  return page(t('title'), `<p>${t('intro')}</p>\n<ol>\n${clauses}</ol>`, locale);
}

export function sanctionLetter(q: Quote, p: DocumentParties, locale: Locale = 'en-US'): string {
  const f = figures(q, p, locale);
  const t = (key: string, count?: number) => translate(locale, `documents:sanction.${key}`, { ...f, count });
  return page(
    t('title'),
    `<p>${f.date}</p><p>${t('greeting')}</p>\n<p>${t('body', f.days)}</p>\n<p>${f.company}</p>`,
    locale,
  );
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
