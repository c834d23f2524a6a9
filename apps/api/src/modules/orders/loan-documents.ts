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
  const t = (key: string, vars?: Record<string, unknown>) =>
    translate(locale, `documents:disclosure.${key}`, vars);
  const eir = disclosedEir(q);
  const extensionFee = (q.principal * BigInt(p.extensionFeeBp)) / 10_000n;
  return page(
    t('title'),
    `<p>${esc(t('intro'))}</p>
<p>${esc(p.company.name)} · SEC Reg. No. ${esc(p.company.secRegistrationNo)} · Certificate of Authority No. ${esc(p.company.certificateOfAuthorityNo)}</p>
<p>${esc(t('borrower'))}: ${esc(p.borrower.name)} · ${esc(t('order'))} ${esc(p.orderId)} · ${esc(p.date)}</p>
<table>
${row(t('principal'), formatPeso(q.principal))}
${row(t('serviceFee'), formatPeso(q.serviceFee))}
${q.coupon > 0n ? row(t('coupon'), `-${formatPeso(q.coupon)}`) : ''}
${row(t('creditReportingFee'), formatPeso(q.creditReportingFee))}
${row(t('tax'), formatPeso(q.tax))}
${q.lenderDocumentaryStampTax > 0n ? row(t('dstLender'), formatPeso(q.lenderDocumentaryStampTax)) : row(t('dst'), formatPeso(q.documentaryStampTax))}
${row(t('netProceeds'), formatPeso(q.netProceeds))}
${row(t('interestLabel'), t('interest', { amount: formatPeso(q.interest), rate: ppmDay(q.dailyInterestPpm), days: q.termDays }))}
${row(t('financeCharge'), formatPeso(q.financeCharge))}
${row(t('schedule'), t('scheduleValue', { amount: formatPeso(q.totalRepayment), due: p.dueDate }))}
${row(t('eirMonth'), `${percent(eir.monthly)} (${t('eirNote', { cap: percent(CAPS.effectiveMonthly) })})`)}
${row(t('eirYear'), `${percent(eir.yearly)} (${t('eirYearNote')})`)}
${row(t('lateCharge'), t('lateChargeValue', { amount: formatPeso(p.lateCharge) }))}
${row(t('penalty'), t('penaltyValue', { rate: ppmDay(p.penaltyDailyPpm) }))}
${row(t('combinedCap'), t('combinedCapValue'))}
${row(t('totalCap'), t('totalCapValue'))}
${row(t('extension'), t('extensionValue', { days: p.extensionDays, fee: formatPeso(extensionFee), rate: bpPct(p.extensionFeeBp) }))}
${row(t('prepayment'), t('prepaymentValue'))}
</table>
<p data-rule="due-date">${esc(t('dueRule', { days: q.termDays }))}</p>
<p data-part="acknowledgement">${esc(t('acknowledgement', { date: p.date }))}</p>
<p data-part="signature">${esc(t('signature'))}: ${esc(p.borrower.name)} ______________________</p>
<p data-part="copy">${esc(t('copy'))}</p>`,
    locale,
  );
}

/** The figures the agreement and the sanction letter quote, escaped once. */
function figures(q: Quote, p: DocumentParties) {
  return {
    date: esc(p.date),
    company: esc(p.company.name),
    borrower: esc(p.borrower.name),
    phone: esc(p.borrower.phone),
    address: esc(p.borrower.address),
    orderId: esc(p.orderId),
    principal: esc(formatPeso(q.principal)),
    deducted: esc(formatPeso(q.serviceFee + q.creditReportingFee + q.tax + q.documentaryStampTax)),
    net: esc(formatPeso(q.netProceeds)),
    total: esc(formatPeso(q.totalRepayment)),
    due: esc(p.dueDate),
    days: q.termDays,
    extensionDays: p.extensionDays,
    extensionRate: bpPct(p.extensionFeeBp),
    lateCharge: esc(formatPeso(p.lateCharge)),
    penalty: ppmDay(p.penaltyDailyPpm),
  };
}
type Figures = ReturnType<typeof figures>;

const AGREEMENT: Record<Locale, { title: string; body: (f: Figures) => string }> = {
  'en-US': {
    title: 'Loan Agreement',
    body: (
      f,
    ) => `<p>This agreement is made on ${f.date} between ${f.company} (the Lender) and ${f.borrower}, mobile ${f.phone}, of ${f.address} (the Borrower).</p>
<ol>
<li>The Lender lends the Borrower ${f.principal}. Fees and taxes of ${f.deducted} are deducted, and ${f.net} is paid to the Borrower's chosen account within 24 hours.</li>
<li>The Borrower repays ${f.total} in one payment on ${f.due} (the due date is the Manila date the money is paid out plus ${f.days} days).</li>
<li>The Borrower may extend the due date by ${f.extensionDays} days for a fee of ${f.extensionRate} of the principal, with no overdue fees for the extended period and no change to the principal, while the caps below hold.</li>
<li>The Borrower may repay in full at any time before the due date, with no prepayment charge.</li>
<li>If payment is late, a late charge of ${f.lateCharge} and a penalty of ${f.penalty} a day of the amount due apply, the late charge and the penalty together never more than 5% a month of the amount due (pro rata by day), and all interest, fees, taxes, penalties and extension fees together never more than 100% of the principal (SEC MC 3 s.2022 as amended by MC 14 s.2025).</li>
<li>The Borrower may cancel within 24 hours of receiving the money by contacting customer service and returning the net proceeds.</li>
<li>Collection follows SEC MC 18 s.2019: no threats, no contacting people in the Borrower's phone book, and no disclosure of the debt to third parties.</li>
<li>The Disclosure Statement for this loan forms part of this agreement.</li>
</ol>`,
  },
  fil: {
    title: 'Kasunduan sa Pautang',
    body: (
      f,
    ) => `<p>Ang kasunduang ito ay ginawa noong ${f.date} sa pagitan ng ${f.company} (ang Nagpapautang) at ni ${f.borrower}, mobile ${f.phone}, ng ${f.address} (ang Nangungutang).</p>
<ol>
<li>Pinapautang ng Nagpapautang ang Nangungutang ng ${f.principal}. Ibinabawas ang mga bayarin at buwis na ${f.deducted}, at ipinapadala ang ${f.net} sa napiling account ng Nangungutang sa loob ng 24 oras.</li>
<li>Babayaran ng Nangungutang ang ${f.total} sa isang bayad sa ${f.due} (ang takdang petsa ay ang petsa sa Maynila kung kailan ipinadala ang pera dagdag ang ${f.days} araw).</li>
<li>Maaaring iusog ng Nangungutang ang takdang petsa nang ${f.extensionDays} araw sa bayad na ${f.extensionRate} ng principal, walang overdue fee sa panahong iniusog at hindi nagbabago ang principal, habang hindi lumalampas sa mga hangganan sa ibaba.</li>
<li>Maaaring bayaran ng Nangungutang nang buo anumang oras bago ang takdang petsa, nang walang singil sa maagang pagbabayad.</li>
<li>Kapag nahuli ang bayad, may late charge na ${f.lateCharge} at multang ${f.penalty} kada araw ng halagang dapat bayaran; ang late charge at multa nang magkasama ay hindi hihigit sa 5% kada buwan ng halagang dapat bayaran (binibilang kada araw), at ang lahat ng interes, bayarin, buwis, multa at extension fee nang magkasama ay hindi hihigit sa 100% ng principal (SEC MC 3 s.2022, inamyendahan ng MC 14 s.2025).</li>
<li>Maaaring kanselahin ng Nangungutang sa loob ng 24 oras mula nang matanggap ang pera sa pakikipag-ugnayan sa customer service at pagbabalik ng netong halaga.</li>
<li>Ang paniningil ay ayon sa SEC MC 18 s.2019: walang pagbabanta, walang pagkontak sa mga tao sa phone book ng Nangungutang, at walang pagsisiwalat ng utang sa ibang tao.</li>
<li>Bahagi ng kasunduang ito ang Pahayag ng Pagsisiwalat para sa utang na ito.</li>
</ol>`,
  },
  'zh-CN': {
    title: '借款协议',
    body: (
      f,
    ) => `<p>本协议由 ${f.company}（贷款方）与 ${f.borrower}（手机 ${f.phone}，地址 ${f.address}，借款人）于 ${f.date} 签订。</p>
<ol>
<li>贷款方向借款人出借 ${f.principal}。扣除费用及税费 ${f.deducted} 后，${f.net} 将在 24 小时内打入借款人选择的账户。</li>
<li>借款人于 ${f.due} 一次性偿还 ${f.total}（还款日为放款当日的马尼拉日期加 ${f.days} 天）。</li>
<li>借款人可支付本金的 ${f.extensionRate} 作为展期费，将还款日延后 ${f.extensionDays} 天；展期期间不收取逾期费用，本金不变，且仅在下列上限内可用。</li>
<li>借款人可在还款日前任何时间全额还款，不收取提前还款费用。</li>
<li>逾期时收取逾期手续费 ${f.lateCharge}，并按应还金额每天 ${f.penalty} 计收罚息；逾期手续费与罚息合计每月不超过应还金额的 5%（按天折算），全部利息、费用、税费、罚息及展期费合计不超过本金的 100%（SEC MC 3 s.2022，经 MC 14 s.2025 修订）。</li>
<li>借款人可在收到款项后 24 小时内联系客服并退还贷款净额以取消借款。</li>
<li>催收遵守 SEC MC 18 s.2019：不威胁，不联系借款人通讯录中的人，不向第三方披露债务。</li>
<li>本笔借款的披露声明是本协议的组成部分。</li>
</ol>`,
  },
};

const SANCTION: Record<Locale, { title: string; body: (f: Figures) => string }> = {
  'en-US': {
    title: 'Sanction Letter',
    body: (f) => `<p>${f.date}</p><p>Dear ${f.borrower},</p>
<p>We are pleased to confirm that a loan of ${f.principal} for ${f.days} days has been sanctioned to you (order ${f.orderId}), on the terms of the Loan Agreement and Disclosure Statement. You will receive ${f.net} and repay ${f.total} on ${f.due}.</p>
<p>${f.company}</p>`,
  },
  fil: {
    title: 'Liham ng Pag-apruba',
    body: (f) => `<p>${f.date}</p><p>Mahal na ${f.borrower},</p>
<p>Ikinagagalak naming kumpirmahin na naaprubahan para sa iyo ang utang na ${f.principal} sa loob ng ${f.days} araw (order ${f.orderId}), ayon sa mga tuntunin ng Kasunduan sa Pautang at ng Pahayag ng Pagsisiwalat. Matatanggap mo ang ${f.net} at babayaran mo ang ${f.total} sa ${f.due}.</p>
<p>${f.company}</p>`,
  },
  'zh-CN': {
    title: '贷款批准函',
    body: (f) => `<p>${f.date}</p><p>尊敬的 ${f.borrower}：</p>
<p>我们很高兴地确认，您的 ${f.principal}、期限 ${f.days} 天的借款（订单 ${f.orderId}）已按借款协议及披露声明的条款获批。您将收到 ${f.net}，并于 ${f.due} 偿还 ${f.total}。</p>
<p>${f.company}</p>`,
  },
};

export function loanAgreement(q: Quote, p: DocumentParties, locale: Locale = 'en-US'): string {
  const t = AGREEMENT[locale];
  return page(t.title, t.body(figures(q, p)), locale);
}

export function sanctionLetter(q: Quote, p: DocumentParties, locale: Locale = 'en-US'): string {
  const t = SANCTION[locale];
  return page(t.title, t.body(figures(q, p)), locale);
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
