import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import type { DataCategory } from '@pisonow/domain';
import * as schema from '../../db/schema/index.ts';

/**
 * The data map of "download my data" (BE-12, RA 10173 s.16(c) right of access): which tables hold
 * a borrower's data, how each is found (by their customer id, their application, their loans or
 * their phone number), and what is withheld and why. Every table with one of those keys must be
 * named here, in EXPORTED or in WITHHELD with a reason: a test fails on a table nobody classified,
 * so a new table cannot silently be left out of the export.
 */
export type LinkKey = 'customer_id' | 'application_id' | 'order_id' | 'phone' | 'id';

export const EXPORTED: Record<string, { link: LinkKey; category: DataCategory }> = {
  customers: { link: 'id', category: 'contact_details' },
  consents: { link: 'customer_id', category: 'identity' },
  sessions: { link: 'customer_id', category: 'device_and_sessions' },
  login_failures: { link: 'phone', category: 'device_and_sessions' },
  phone_locks: { link: 'phone', category: 'device_and_sessions' },
  applications: { link: 'customer_id', category: 'identity' },
  application_steps: { link: 'application_id', category: 'identity' },
  application_events: { link: 'application_id', category: 'identity' },
  application_decisions: { link: 'customer_id', category: 'loans' },
  photos: { link: 'customer_id', category: 'identity' },
  review_cases: { link: 'customer_id', category: 'loans' },
  orders: { link: 'customer_id', category: 'loans' },
  order_documents: { link: 'order_id', category: 'loans' },
  extension_disclosures: { link: 'order_id', category: 'loans' },
  signatures: { link: 'customer_id', category: 'loans' },
  payouts: { link: 'order_id', category: 'loans' },
  loan_transactions: { link: 'customer_id', category: 'loans' },
  order_events: { link: 'order_id', category: 'loans' },
  repayments: { link: 'customer_id', category: 'loans' },
  loan_reminders: { link: 'customer_id', category: 'engagement' },
  refunds: { link: 'customer_id', category: 'loans' },
  coupons: { link: 'customer_id', category: 'engagement' },
  home_screen_launches: { link: 'customer_id', category: 'engagement' },
  messages: { link: 'customer_id', category: 'engagement' },
  feedback: { link: 'customer_id', category: 'engagement' },
  easy_reloan_settings: { link: 'customer_id', category: 'engagement' },
  easy_reloan_events: { link: 'customer_id', category: 'engagement' },
  easy_reloan_rewards: { link: 'customer_id', category: 'engagement' },
  easy_reloan_bookings: { link: 'customer_id', category: 'loans' },
  collection_contacts: { link: 'customer_id', category: 'loans' },
  data_requests: { link: 'customer_id', category: 'identity' },
  payment_disputes: { link: 'customer_id', category: 'loans' },
  loan_charge_pauses: { link: 'order_id', category: 'loans' },
  loan_write_offs: { link: 'order_id', category: 'loans' },
  loan_delinquency: { link: 'order_id', category: 'loans' },
  loan_delinquency_history: { link: 'order_id', category: 'loans' },
  complaints: { link: 'customer_id', category: 'engagement' },
  retention_records: { link: 'customer_id', category: 'identity' },
};

/** AML records (BE-14): the one reason they are withheld from the borrower's own export. */
const AML_WITHHELD =
  'anti-money-laundering screening records: not disclosed to the person screened (RA 9160 s.9(c), no tipping off; counsel to confirm against RA 10173 s.19)';

export const WITHHELD: Record<string, string> = {
  otp_codes: 'one-time login codes: stored hashed, deleted within a day',
  captcha_challenges: 'anti-robot puzzles: hashed answers, not tied to a person',
  upload_grants: 'short-lived upload permissions: hashed tokens',
  idempotency_keys: 'the server’s replay cache of requests (a copy of answers already in this file)',
  ledger_transactions: 'the lender’s books: the same movements are in loan_transactions, per loan',
  ledger_entries: 'the lender’s books: the same movements are in loan_transactions, per loan',
  payout_callbacks: 'the payout provider’s technical messages about payouts listed under payouts',
  provider_webhooks: 'the collection provider’s technical messages about repayments listed under repayments',
  suspense_resolutions: 'the lender’s handling of money received; the repayment itself is listed',
  unmatched_resolutions:
    'the lender’s matching of money that named no loan to the borrower who paid; the repayment it became is listed',
  approval_requests: 'operators’ internal approvals; the resulting waiver is in loan_transactions',
  sandbox_sms_outbox: 'the sandbox’s stand-in for SMS; not kept in production',
  aml_screenings: AML_WITHHELD,
  aml_risk_ratings: AML_WITHHELD,
  aml_str_cases: AML_WITHHELD,
};

/** Columns never exported: secrets (hashes that would help an attacker), sealed data (exported
 * separately, masked), storage locations and technical keys. */
export const WITHHELD_COLUMNS = new Set([
  'token_hash',
  'code_hash',
  'answer_hash',
  'id_number_hash',
  'sensitive_sealed',
  'storage_key',
  'idempotency_key',
  'dedupe_key',
  'source_key',
  'request_hash',
  'pending_storage_keys',
]);

const LINK_KEYS: LinkKey[] = ['customer_id', 'application_id', 'order_id', 'phone'];

export interface MappedTable {
  name: string;
  table: PgTable;
  link: LinkKey;
  linkColumn: PgColumn;
  category: DataCategory;
  /** exported columns by their SQL names */
  columns: Record<string, PgColumn>;
}

/** Every table of the schema that holds a key to a person, with its columns. */
export function personalTables(): { name: string; table: PgTable; keys: LinkKey[] }[] {
  const out: { name: string; table: PgTable; keys: LinkKey[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const names = new Set(config.columns.map((c) => c.name));
    const keys = LINK_KEYS.filter((k) => names.has(k));
    if (config.name === 'customers') keys.push('id');
    if (keys.length) out.push({ name: config.name, table: value, keys });
  }
  return out;
}

export function exportedTables(): MappedTable[] {
  return personalTables()
    .filter((t) => t.name in EXPORTED)
    .map(({ name, table }) => {
      const config = getTableConfig(table);
      const { link, category } = EXPORTED[name]!;
      return {
        name,
        table,
        link,
        category,
        linkColumn: config.columns.find((c) => c.name === link)!,
        columns: Object.fromEntries(
          config.columns.filter((c) => !WITHHELD_COLUMNS.has(c.name)).map((c) => [c.name, c]),
        ),
      };
    });
}
