import type { CreditStanding } from '@pisonow/domain';

/**
 * The file layout of the monthly credit-data submission (BE-13). The Credit Information
 * Corporation hands each submitting entity its current template on registration, so the layout is
 * an adapter: the generator builds records, a format renders and validates them. The one format
 * here, `pisonow-pipe/1`, is our own documented pipe-delimited layout (header, one line per account,
 * trailer with control totals) until the CIC's template is in hand; replacing it is one new file.
 */
export interface CreditReportRecord {
  borrower: {
    customerId: string;
    lastName: string;
    firstName: string;
    middleName: string;
    birthDate: string;
    idType: string;
    idNumber: string;
    phone: string;
    address: string;
  };
  orderId: string;
  standing: CreditStanding;
}

export interface CreditReportHeader {
  /** the submitting entity's code (our SEC registration number until the CIC assigns one) */
  providerCode: string;
  month: string;
  asOf: string;
}

export interface CreditReportFormat {
  readonly id: string;
  render(header: CreditReportHeader, records: readonly CreditReportRecord[]): string;
  /** every problem found in a rendered file; empty when it may be sent */
  validate(content: string): string[];
}

const FIELDS = [
  'D',
  'account',
  'customer',
  'last_name',
  'first_name',
  'middle_name',
  'birth_date',
  'id_type',
  'id_number',
  'phone',
  'address',
  'disbursed_on',
  'principal',
  'due_date',
  'status',
  'principal_outstanding',
  'total_outstanding',
  'days_past_due',
  'last_payment_on',
  'last_payment_amount',
  'closed_on',
] as const;

/** A field may not carry the separator or a line break (names and addresses are free text). */
const clean = (value: string) => value.replace(/[|\r\n]+/g, ' ').trim();
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d+$/;

export const pipeFormat: CreditReportFormat = {
  id: 'pisonow-pipe/1',
  render(header, records) {
    const lines = [`H|${clean(header.providerCode)}|${header.month}|${header.asOf}|${records.length}`];
    let total = 0n;
    for (const r of records) {
      const s = r.standing;
      total += s.totalOutstanding;
      lines.push(
        [
          'D',
          r.orderId,
          r.borrower.customerId,
          r.borrower.lastName,
          r.borrower.firstName,
          r.borrower.middleName,
          r.borrower.birthDate,
          r.borrower.idType,
          r.borrower.idNumber,
          r.borrower.phone,
          r.borrower.address,
          s.disbursedOn,
          s.principal.toString(),
          s.dueDate,
          s.status,
          s.principalOutstanding.toString(),
          s.totalOutstanding.toString(),
          String(s.daysPastDue),
          s.lastPaymentOn ?? '',
          s.lastPaymentAmount.toString(),
          s.closedOn ?? '',
        ]
          .map((v) => clean(v))
          .join('|'),
      );
    }
    lines.push(`T|${records.length}|${total}`);
    return `${lines.join('\n')}\n`;
  },
  validate(content) {
    const problems: string[] = [];
    const lines = content.split('\n').filter((l) => l !== '');
    const [head, ...rest] = lines;
    const trailer = rest.pop();
    const h = head?.split('|') ?? [];
    if (h[0] !== 'H' || h.length !== 5 || !DATE.test(h[3] ?? '')) problems.push('header: malformed');
    const t = trailer?.split('|') ?? [];
    if (t[0] !== 'T' || t.length !== 3) problems.push('trailer: malformed');
    let total = 0n;
    const accounts = new Set<string>();
    rest.forEach((line, i) => {
      const f = line.split('|');
      const where = `line ${i + 2}`;
      if (f.length !== FIELDS.length || f[0] !== 'D') return problems.push(`${where}: ${f.length} fields`);
      const v = Object.fromEntries(FIELDS.map((name, n) => [name, f[n]!])) as Record<
        (typeof FIELDS)[number],
        string
      >;
      if (accounts.has(v.account)) problems.push(`${where}: account ${v.account} twice`);
      accounts.add(v.account);
      for (const name of ['last_name', 'first_name', 'birth_date', 'id_type', 'id_number'] as const)
        if (!v[name]) problems.push(`${where}: ${name} missing`);
      for (const name of ['birth_date', 'disbursed_on', 'due_date'] as const)
        if (!DATE.test(v[name])) problems.push(`${where}: ${name} not a date`);
      for (const name of [
        'principal',
        'principal_outstanding',
        'total_outstanding',
        'last_payment_amount',
      ] as const)
        if (!AMOUNT.test(v[name])) problems.push(`${where}: ${name} not an amount in centavos`);
      if (!['current', 'past_due', 'closed', 'cancelled'].includes(v.status))
        problems.push(`${where}: status`);
      if ((v.status === 'closed' || v.status === 'cancelled') !== (v.total_outstanding === '0'))
        problems.push(`${where}: status and balance disagree`);
      if (v.status === 'past_due' && !(Number(v.days_past_due) > 0))
        problems.push(`${where}: past due without days`);
      if (AMOUNT.test(v.total_outstanding)) total += BigInt(v.total_outstanding);
    });
    if (h[4] !== String(rest.length) || t[1] !== String(rest.length))
      problems.push('record count does not match');
    if (t[2] !== total.toString()) problems.push('control total does not match');
    return problems;
  },
};
