import { formatPeso, type ExtensionQuote, type Locale, type Loan } from '@pisonow/domain';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Key =
  'title' | 'intro' | 'principal' | 'fee' | 'charges' | 'pay' | 'due' | 'newDue' | 'repay' | 'rules' | 'ack';
const TEXT: Record<Locale, Record<Key, string>> = {
  'en-US': {
    title: 'Disclosure Statement: Loan Extension',
    intro:
      'Before you pay, read what the extension costs and what changes. Keep a copy: you have the right to one.',
    principal: 'Principal (unchanged)',
    fee: 'Extension fee',
    charges: 'Late charge and penalty so far (paid with the fee)',
    pay: 'Amount to pay now',
    due: 'Due date now',
    newDue: 'New due date',
    repay: 'Amount due on the new due date',
    rules:
      'No overdue fees are charged for the extended period. Interest, fees and penalties together never exceed 100% of the principal, and the extended loan stays within the SEC caps (SEC MC 3 s.2022 as amended by MC 14 s.2025). You may repay in full at any time before the new due date without any prepayment charge.',
    ack: 'By paying, I acknowledge that I have read this statement.',
  },
  fil: {
    title: 'Disclosure Statement: Pag-extend ng Loan',
    intro:
      'Bago magbayad, basahin kung magkano ang extension at ano ang magbabago. Itago ang kopya: karapatan mo ito.',
    principal: 'Principal (hindi nagbabago)',
    fee: 'Bayad sa extension',
    charges: 'Late charge at penalty hanggang ngayon (kasama sa bayad)',
    pay: 'Babayaran ngayon',
    due: 'Kasalukuyang due date',
    newDue: 'Bagong due date',
    repay: 'Babayaran sa bagong due date',
    rules:
      'Walang overdue fee sa panahon ng extension. Ang interes, fees at penalty ay hindi lalampas sa 100% ng principal, at ang na-extend na loan ay nasa loob ng SEC caps (SEC MC 3 s.2022, binago ng MC 14 s.2025). Puwede kang magbayad nang buo anumang oras bago ang bagong due date nang walang dagdag na singil.',
    ack: 'Sa pagbabayad, kinikilala kong nabasa ko ang pahayag na ito.',
  },
  'zh-CN': {
    title: '信息披露声明：借款展期',
    intro: '付款前请阅读展期的费用及变化。请保留副本：您有权获得一份。',
    principal: '本金（不变）',
    fee: '展期费',
    charges: '截至目前的滞纳金和罚息（与展期费一并支付）',
    pay: '现在应付金额',
    due: '当前到期日',
    newDue: '新到期日',
    repay: '新到期日应还金额',
    rules:
      '展期期间不收取逾期费用。利息、费用和罚息合计不超过本金的 100%，展期后的借款符合 SEC 上限（SEC MC 3 s.2022，经 MC 14 s.2025 修订）。在新到期日之前可随时全额还款，不收取提前还款费用。',
    ack: '付款即表示我已阅读本声明。',
  },
};

/** CO-02: a fresh disclosure statement for the extended loan, in the borrower's language. */
export function extensionDisclosure(loan: Loan, quote: ExtensionQuote, locale: Locale): string {
  const t = TEXT[locale];
  const row = (label: string, value: string) =>
    `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`;
  return `<article lang="${locale}"><h1>${esc(t.title)}</h1><p>${esc(t.intro)}</p><table>
${row(t.principal, formatPeso(loan.quote.principal))}
${row(t.fee, formatPeso(quote.fee))}
${row(t.charges, formatPeso(quote.overdueCharges))}
${row(t.pay, formatPeso(quote.amount))}
${row(t.due, loan.dueDate ?? '')}
${row(t.newDue, quote.newDueDate ?? '')}
${row(t.repay, formatPeso(loan.quote.totalRepayment))}
</table><p>${esc(t.rules)}</p><p>${esc(t.ack)}</p></article>`;
}
