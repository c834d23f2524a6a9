import type { StrReason } from '@pisonow/domain';
import { csvCell } from '../../lib/csv.ts';

/**
 * The layout of a suspicious-transaction report for filing (BE-14). The AMLC gives each covered
 * person its current reporting template on registration (the AMLC portal), so the layout is an
 * adapter, like the CIC file (credit-reports/credit-report-format.ts): the export builds one record,
 * a format renders it. `pisonow-str/1` carries the STR's parts (reporting entity, subject,
 * transactions, reason, narrative) as JSON and as CSV (one line per transaction, the case's fields
 * repeated) until the AMLC's template is in hand; replacing it is one new file.
 */
export interface StrRecord {
  reportingEntity: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  case: {
    id: string;
    status: string;
    determinedOn: string;
    deadline: string;
    filingReference: string | null;
  };
  subject: {
    customerId: string;
    lastName: string;
    firstName: string;
    middleName: string;
    birthDate: string;
    phone: string;
    address: string;
    idType: string;
    idNumber: string;
  };
  transactions: {
    kind: 'order' | 'repayment';
    id: string;
    date: string;
    /** centavos */
    amount: bigint;
    type: string;
    channel: string;
    reference: string;
  }[];
  reason: StrReason;
  narrative: string;
}

export interface StrFormat {
  readonly id: string;
  json(record: StrRecord): string;
  csv(record: StrRecord): string;
  /** every problem found; empty when it may be filed */
  validate(record: StrRecord): string[];
}

export const CSV_FIELDS = [
  'reporting_entity',
  'sec_registration_no',
  'case_id',
  'determined_on',
  'deadline',
  'reason',
  'subject_last_name',
  'subject_first_name',
  'subject_middle_name',
  'subject_birth_date',
  'subject_phone',
  'subject_address',
  'subject_id_type',
  'subject_id_number',
  'transaction_kind',
  'transaction_id',
  'transaction_date',
  'transaction_amount_php',
  'transaction_type',
  'transaction_channel',
  'transaction_reference',
  'narrative',
] as const;

const php = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

export const strFormat: StrFormat = {
  id: 'pisonow-str/1',
  json(r) {
    return `${JSON.stringify(
      {
        format: 'pisonow-str/1',
        ...r,
        transactions: r.transactions.map((t) => ({ ...t, amount: php(t.amount), currency: 'PHP' })),
      },
      null,
      2,
    )}\n`;
  },
  csv(r) {
    const head = [
      r.reportingEntity.name,
      r.reportingEntity.secRegistrationNo,
      r.case.id,
      r.case.determinedOn,
      r.case.deadline,
      r.reason,
      r.subject.lastName,
      r.subject.firstName,
      r.subject.middleName,
      r.subject.birthDate,
      r.subject.phone,
      r.subject.address,
      r.subject.idType,
      r.subject.idNumber,
    ];
    const rows = (r.transactions.length ? r.transactions : [null]).map((t) => [
      ...head,
      t?.kind ?? '',
      t?.id ?? '',
      t?.date ?? '',
      t ? php(t.amount) : '',
      t?.type ?? '',
      t?.channel ?? '',
      t?.reference ?? '',
      r.narrative,
    ]);
    return `${[[...CSV_FIELDS], ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  },
  validate(r) {
    const problems: string[] = [];
    if (!r.reportingEntity.name || !r.reportingEntity.secRegistrationNo)
      problems.push('reporting entity missing');
    if (!r.subject.lastName || !r.subject.firstName) problems.push('subject name missing');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.subject.birthDate)) problems.push('subject birth date missing');
    if (r.narrative.trim().length < 20) problems.push('narrative too short');
    return problems;
  },
};
