import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AmlRiskReason, ScreeningHit } from '@pisonow/domain';
import { customers } from './customers.ts';
import { operators } from './console.ts';

/**
 * Designated-persons lists (BE-14): each import kept (when, how many, the file's hash) with its
 * people; screening reads the newest. Records are kept: which list a screening was against is part
 * of the AML record (5 years, RA 9160 s.9(b)).
 */
export const sanctionsLists = pgTable('sanctions_lists', {
  id: uuid('id').primaryKey(),
  source: text('source').notNull(),
  generatedAt: text('generated_at'),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
  people: integer('people').notNull(),
  sha256: text('sha256').notNull(),
});

export const sanctionsEntries = pgTable(
  'sanctions_entries',
  {
    id: uuid('id').primaryKey(),
    listId: uuid('list_id')
      .notNull()
      .references(() => sanctionsLists.id),
    reference: text('reference').notNull(),
    names: jsonb('names').$type<string[]>().notNull(),
    birthDates: jsonb('birth_dates').$type<string[]>().notNull(),
  },
  (t) => [index('sanctions_entries_list').on(t.listId)],
);

/**
 * One screening of one borrower against one list: at application, and again for everyone at each
 * import. A possible match waits for a person: cleared (a different person) or confirmed (the
 * borrower is listed: no loan, and a report is filed).
 */
export const amlScreenings = pgTable(
  'aml_screenings',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    listId: uuid('list_id')
      .notNull()
      .references(() => sanctionsLists.id),
    outcome: text('outcome').notNull(),
    hits: jsonb('hits').$type<ScreeningHit[]>().notNull(),
    screenedAt: timestamp('screened_at', { withTimezone: true }).notNull(),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
  },
  (t) => [
    index('aml_screenings_customer').on(t.customerId, t.screenedAt),
    index('aml_screenings_open')
      .on(t.screenedAt)
      .where(sql`${t.outcome} = 'possible_match' and ${t.resolution} is null`),
  ],
);

/**
 * A borrower's AML risk rating (BE-14): computed in the domain (rateAmlRisk) from the facts
 * recorded beside it, at each screening and on an operator's demand. Append-only: the newest row
 * is the rating in force; the history is part of the AML record (kept 5 years).
 */
export const amlRiskRatings = pgTable(
  'aml_risk_ratings',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    level: text('level').notNull(),
    reasons: jsonb('reasons').$type<AmlRiskReason[]>().notNull(),
    /** the facts rated (money as strings of centavos) */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    /** enhanced due diligence: shown in the console and recorded; loans are not blocked by it */
    enhancedDueDiligence: boolean('enhanced_due_diligence').notNull(),
    /** screening | on_demand | str_case */
    trigger: text('trigger').notNull(),
    computedBy: uuid('computed_by').references(() => operators.id),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('aml_risk_ratings_customer').on(t.customerId, t.computedAt)],
);

/**
 * Suspicious-transaction cases (BE-14): opened by an operator on a borrower with the reason and the
 * transactions concerned; open → reported (with the AMLC filing reference) or closed_no_report.
 * The deadline is the filing deadline (5 working days from the determination). Never shown to the
 * borrower (no tipping off).
 */
export const amlStrCases = pgTable(
  'aml_str_cases',
  {
    id: uuid('id').primaryKey(),
    requestKey: uuid('request_key').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    narrative: text('narrative').notNull(),
    /** the loans and repayments concerned: { kind: 'order' | 'repayment', id } */
    transactions: jsonb('transactions').$type<{ kind: 'order' | 'repayment'; id: string }[]>().notNull(),
    /** YYYY-MM-DD (Manila): the day the transaction was determined suspicious (the case opened) */
    determinedOn: text('determined_on').notNull(),
    /** YYYY-MM-DD (Manila): file by this day */
    deadline: text('deadline').notNull(),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => operators.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    filingReference: text('filing_reference'),
    closeNote: text('close_note'),
    decidedBy: uuid('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('aml_str_cases_customer').on(t.customerId, t.openedAt),
    index('aml_str_cases_status').on(t.status, t.deadline),
  ],
);
