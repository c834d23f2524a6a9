import {
  BALANCE_PARTS,
  formatPeso,
  type BalancePart,
  type Locale,
  type LoanTransactionType,
  type StatementOfAccount,
} from '@pisonow/domain';
import { esc, page, row } from '../orders/loan-documents.ts';

/**
 * The statement of account and the clearance letter (BE-12) as HTML in the borrower's language,
 * in the same small vocabulary as the signed documents (title, paragraphs, table rows), so the
 * same PDF renderer prints all of them. Pure: the figures come from `statementOfAccount`.
 */
export interface StatementHeader {
  company: { name: string; secRegistrationNo: string };
  borrower: { name: string; phone: string };
  orderId: string;
  /** the Manila date the statement is made */
  asOf: string;
  disbursedOn: string | null;
  dueDate: string | null;
  principal: bigint;
  netProceeds: bigint;
}

interface StatementText {
  title: string;
  intro: string;
  borrower: string;
  order: string;
  asOf: string;
  principal: string;
  netProceeds: string;
  disbursedOn: string;
  dueDate: string;
  summary: string;
  totalCharged: string;
  totalCredited: string;
  outstanding: string;
  parts: Record<BalancePart, string>;
  history: string;
  columns: [string, string, string, string, string];
  types: Record<LoanTransactionType, string>;
  noHistory: string;
  footnote: string;
}

const STATEMENT_TEXT: Record<Locale, StatementText> = {
  'en-US': {
    title: 'Statement of Account',
    intro: 'Every charge, payment and balance of your loan, from our books.',
    borrower: 'Borrower',
    order: 'Loan',
    asOf: 'As of',
    principal: 'Principal',
    netProceeds: 'Amount paid out to you',
    disbursedOn: 'Paid out on',
    dueDate: 'Due date',
    summary: 'Summary',
    totalCharged: 'Total charged',
    totalCredited: 'Total paid and credited',
    outstanding: 'Balance to pay now',
    parts: {
      principal: 'Principal',
      interest: 'Interest',
      fees: 'Fees',
      lateCharge: 'Late charge',
      penalty: 'Penalty',
    },
    history: 'History',
    columns: ['Date', 'Transaction', 'Charged', 'Paid or credited', 'Balance'],
    types: {
      disbursement: 'Loan paid out',
      repayment: 'Payment received',
      extension_fee: 'Extension fee',
      late_charge: 'Late charge',
      penalty_accrual: 'Penalty for the day',
      waiver: 'Charges waived',
      reversal: 'Charges taken back',
      coupon: 'Coupon applied',
    },
    noHistory: 'Nothing has been paid out on this loan yet.',
    footnote:
      'A payment counts on the day you paid it. If a payment is missing here, open a payment dispute from your bill; if you disagree with a charge, file a complaint in the app.',
  },
  fil: {
    title: 'Pahayag ng Account',
    intro: 'Bawat singil, bayad at balanse ng iyong utang, mula sa aming mga talaan.',
    borrower: 'Nangungutang',
    order: 'Utang',
    asOf: 'Hanggang',
    principal: 'Principal',
    netProceeds: 'Halagang ipinadala sa iyo',
    disbursedOn: 'Ipinadala noong',
    dueDate: 'Takdang petsa',
    summary: 'Buod',
    totalCharged: 'Kabuuang singil',
    totalCredited: 'Kabuuang bayad at kredito',
    outstanding: 'Balanseng babayaran ngayon',
    parts: {
      principal: 'Principal',
      interest: 'Interes',
      fees: 'Mga bayarin',
      lateCharge: 'Late charge',
      penalty: 'Multa',
    },
    history: 'Kasaysayan',
    columns: ['Petsa', 'Transaksyon', 'Singil', 'Bayad o kredito', 'Balanse'],
    types: {
      disbursement: 'Naipadala ang utang',
      repayment: 'Natanggap na bayad',
      extension_fee: 'Bayad sa extension',
      late_charge: 'Late charge',
      penalty_accrual: 'Multa sa araw na iyon',
      waiver: 'Pinatawad na singil',
      reversal: 'Ibinalik na singil',
      coupon: 'Ginamit na kupon',
    },
    noHistory: 'Wala pang naipadala sa utang na ito.',
    footnote:
      'Binibilang ang bayad sa araw na nagbayad ka. Kung may kulang na bayad dito, magbukas ng payment dispute mula sa iyong bill; kung hindi ka sang-ayon sa isang singil, magsampa ng reklamo sa app.',
  },
  'zh-CN': {
    title: '账户对账单',
    intro: '根据我们的账簿列出您这笔贷款的每一笔费用、还款和余额。',
    borrower: '借款人',
    order: '贷款',
    asOf: '截至',
    principal: '本金',
    netProceeds: '实际打款金额',
    disbursedOn: '放款日期',
    dueDate: '还款日',
    summary: '汇总',
    totalCharged: '累计应付',
    totalCredited: '累计已还及减免',
    outstanding: '当前应还余额',
    parts: { principal: '本金', interest: '利息', fees: '费用', lateCharge: '逾期手续费', penalty: '罚息' },
    history: '明细',
    columns: ['日期', '交易', '应付', '已还或减免', '余额'],
    types: {
      disbursement: '贷款放款',
      repayment: '收到还款',
      extension_fee: '展期费',
      late_charge: '逾期手续费',
      penalty_accrual: '当日罚息',
      waiver: '费用减免',
      reversal: '费用冲回',
      coupon: '使用优惠券',
    },
    noHistory: '这笔贷款尚未放款。',
    footnote:
      '还款以您实际付款的日期为准。如果这里缺少某笔还款，请在账单页发起还款争议；如对某项费用有异议，请在应用内提交投诉。',
  },
};

const amount = (centavos: bigint) => (centavos === 0n ? '' : formatPeso(centavos));

export function statementOfAccountHtml(
  statement: StatementOfAccount,
  header: StatementHeader,
  locale: Locale,
): string {
  const t = STATEMENT_TEXT[locale];
  const history =
    statement.lines.length === 0
      ? `<p>${esc(t.noHistory)}</p>`
      : `<table>
<thead><tr>${t.columns.map((c) => `<th scope="col">${esc(c)}</th>`).join('')}</tr></thead>
<tbody>
${statement.lines
  .map(
    (l) =>
      `<tr data-type="${l.type}"><td>${esc(l.businessDate)}</td><td>${esc(t.types[l.type])}</td><td>${esc(amount(l.charged))}</td><td>${esc(amount(l.credited))}</td><td>${esc(formatPeso(l.totalAfter))}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  return page(
    t.title,
    `<p>${esc(t.intro)}</p>
<p>${esc(header.company.name)} · SEC Reg. No. ${esc(header.company.secRegistrationNo)}</p>
<p>${esc(t.borrower)}: ${esc(header.borrower.name)} · ${esc(header.borrower.phone)} · ${esc(t.order)} ${esc(header.orderId)} · ${esc(t.asOf)} ${esc(header.asOf)}</p>
<table>
${row(t.principal, formatPeso(header.principal))}
${row(t.netProceeds, formatPeso(header.netProceeds))}
${header.disbursedOn ? row(t.disbursedOn, header.disbursedOn) : ''}
${header.dueDate ? row(t.dueDate, header.dueDate) : ''}
</table>
<h2>${esc(t.summary)}</h2>
<table data-part="summary">
${row(t.totalCharged, formatPeso(statement.totalCharged))}
${row(t.totalCredited, formatPeso(statement.totalCredited))}
${BALANCE_PARTS.map((part) => row(t.parts[part], formatPeso(statement.closing[part]))).join('\n')}
${row(t.outstanding, formatPeso(statement.closingTotal))}
</table>
<h2>${esc(t.history)}</h2>
${history}
<p>${esc(t.footnote)}</p>`,
    locale,
  );
}

export interface ClearanceFacts {
  company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  borrower: { name: string; phone: string };
  orderId: string;
  principal: bigint;
  disbursedOn: string;
  /** the Manila date the last payment made the balance zero */
  settledOn: string;
  totalPaid: bigint;
  /** the Manila date the letter is issued */
  issuedOn: string;
}

const CLEARANCE_TEXT: Record<
  Locale,
  {
    title: string;
    body: (f: Record<string, string>) => string;
    issued: (date: string, company: string) => string;
  }
> = {
  'en-US': {
    title: 'Certificate of Full Payment (Clearance)',
    body: (f) =>
      `This certifies that ${f.borrower}, mobile ${f.phone}, has fully paid loan ${f.orderId} of ${f.principal}, paid out on ${f.disbursedOn}. The last payment was received on ${f.settledOn}; ${f.totalPaid} was paid in total. The balance of this loan is ₱0.00 and nothing further is owed on it.`,
    issued: (date, company) => `Issued electronically on ${date} by ${company}.`,
  },
  fil: {
    title: 'Sertipiko ng Buong Pagbabayad (Clearance)',
    body: (f) =>
      `Pinatutunayan nito na si ${f.borrower}, mobile ${f.phone}, ay buong nakabayad ng utang na ${f.orderId} na ${f.principal}, na ipinadala noong ${f.disbursedOn}. Natanggap ang huling bayad noong ${f.settledOn}; ${f.totalPaid} ang kabuuang ibinayad. ₱0.00 ang balanse ng utang na ito at wala nang dapat bayaran dito.`,
    issued: (date, company) => `Inilabas nang elektroniko noong ${date} ng ${company}.`,
  },
  'zh-CN': {
    title: '结清证明',
    body: (f) =>
      `兹证明 ${f.borrower}（手机 ${f.phone}）已全额偿还贷款 ${f.orderId}，本金 ${f.principal}，放款日期 ${f.disbursedOn}。最后一笔还款于 ${f.settledOn} 收到，累计还款 ${f.totalPaid}。该贷款余额为 ₱0.00，无任何剩余欠款。`,
    issued: (date, company) => `由 ${company} 于 ${date} 电子出具。`,
  },
};

export function clearanceLetterHtml(f: ClearanceFacts, locale: Locale): string {
  const t = CLEARANCE_TEXT[locale];
  const body = t.body({
    borrower: f.borrower.name,
    phone: f.borrower.phone,
    orderId: f.orderId,
    principal: formatPeso(f.principal),
    disbursedOn: f.disbursedOn,
    settledOn: f.settledOn,
    totalPaid: formatPeso(f.totalPaid),
  });
  return page(
    t.title,
    `<p>${esc(f.company.name)} · SEC Reg. No. ${esc(f.company.secRegistrationNo)} · Certificate of Authority No. ${esc(f.company.certificateOfAuthorityNo)}</p>
<p data-part="certification">${esc(body)}</p>
<p data-part="issued">${esc(t.issued(f.issuedOn, f.company.name))}</p>`,
    locale,
  );
}
