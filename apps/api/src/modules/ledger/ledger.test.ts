import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT, disbursementEntries, priceLoan } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import { accountBalance, postLedgerTransaction } from './post-ledger-transaction.ts';

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  customerId = (await client(t.app).signIn('9192000001')).customerId;
});
afterAll(async () => t?.close());

const at = new Date('2026-11-22T02:00:00Z');

/**
 * The database's own message for a refused statement: drizzle wraps the driver's error (PGlite and
 * node-postgres alike) in "Failed query: …" with the trigger's message on its cause. Asserting the
 * message, not any error, shows it was the guard that refused and not, say, a typo in the SQL.
 */
const refusal = (attempt: Promise<unknown>): Promise<string | null> =>
  attempt.then(
    () => null,
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );

describe('BE-05 the ledger: balanced, append-only, idempotent — enforced by the database', () => {
  it('BE-05 posts a balanced disbursement and derives balances from the entries', async () => {
    const q = priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14 });
    const result = await t.database.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'disbursement',
        idempotencyKey: 'disbursement:order-1',
        customerId,
        entries: disbursementEntries(q),
        at,
      }),
    );
    expect(result.posted).toBe(true);
    await t.database.db.transaction(async (tx) => {
      expect(await accountBalance(tx, 'principal_receivable', customerId)).toBe(100_000n);
      expect(await accountBalance(tx, 'cash_at_provider')).toBe(-97_971n);
      expect(await accountBalance(tx, 'tax_payable')).toBe(0n);
      // CO-03 the documentary stamp tax passed on: ₱7.50 × 14/365 = ₱0.29 owed to the BIR
      expect(await accountBalance(tx, 'dst_payable')).toBe(-29n);
    });
  });

  it('BE-05 posting the same event twice changes nothing', async () => {
    const q = priceLoan(DEFAULT_PRODUCT, { principal: 100_000n, termDays: 14 });
    const again = await t.database.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'disbursement',
        idempotencyKey: 'disbursement:order-1',
        customerId,
        entries: disbursementEntries(q),
        at,
      }),
    );
    expect(again.posted).toBe(false);
    const rows = await t.database.db.select().from(ledgerTransactions);
    expect(rows).toHaveLength(1);
  });

  it('BE-05 the database refuses an unbalanced transaction, even written directly', async () => {
    const attempt = t.database.db.transaction(async (tx) => {
      await tx.insert(ledgerTransactions).values({
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'bad',
        idempotencyKey: 'bad:1',
        postedAt: at,
      });
      await tx.insert(ledgerEntries).values([
        {
          id: '00000000-0000-4000-8000-000000000002',
          transactionId: '00000000-0000-4000-8000-000000000001',
          account: 'cash_at_provider',
          amount: 100n,
        },
        {
          id: '00000000-0000-4000-8000-000000000003',
          transactionId: '00000000-0000-4000-8000-000000000001',
          account: 'fee_income',
          amount: -99n,
        },
      ]);
    });
    await expect(attempt).rejects.toThrow();
    expect(await t.database.db.select().from(ledgerTransactions)).toHaveLength(1);
  });

  it('BE-05 the database refuses UPDATE and DELETE of entries and transactions', async () => {
    await expect(t.database.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    const sum = await t.database.db
      .select({ s: sql<string>`sum(${ledgerEntries.amount})::text` })
      .from(ledgerEntries);
    expect(sum[0]!.s).toBe('0');
  });

  it('BE-05 issue 7: the database refuses TRUNCATE, an empty transaction, and entries appended to a transaction posted earlier', async () => {
    const db = t.database.db;
    for (const table of [
      'ledger_entries',
      'ledger_transactions',
      'loan_transactions',
      'order_events',
      'product_configs',
    ]) {
      // ledger_refuse_change() of 0003, fired by the BEFORE TRUNCATE triggers of 0006
      expect(await refusal(db.execute(sql.raw(`truncate ${table} cascade`))), table).toBe(
        `the ledger is append-only: TRUNCATE on ${table} is not allowed`,
      );
    }
    // ledger_check_not_empty() of 0006, deferred to the commit
    expect(
      await refusal(
        db.transaction(async (tx) => {
          await tx.insert(ledgerTransactions).values({
            id: '00000000-0000-4000-8000-000000000011',
            kind: 'empty',
            idempotencyKey: 'empty:1',
            postedAt: at,
          });
        }),
      ),
    ).toBe('ledger transaction 00000000-0000-4000-8000-000000000011 has no entries');
    expect(
      await db
        .select()
        .from(ledgerTransactions)
        .where(sql`${ledgerTransactions.idempotencyKey} = 'empty:1'`),
    ).toHaveLength(0);
    // a balanced pair added later to the posted disbursement: refused, although it sums to zero
    const [posted] = await db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.idempotencyKey} = 'disbursement:order-1'`);
    const appended = await refusal(
      db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values([
          {
            id: '00000000-0000-4000-8000-000000000012',
            transactionId: posted!.id,
            account: 'cash_at_provider',
            amount: 500n,
          },
          {
            id: '00000000-0000-4000-8000-000000000013',
            transactionId: posted!.id,
            account: 'fee_income',
            amount: -500n,
          },
        ]);
      }),
    );
    expect(appended).toMatch(/posted earlier/);
    // product versions are immutable: a saved configuration cannot change under a booked order
    await expect(db.execute(sql`update product_configs set created_by = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from product_configs`)).rejects.toThrow();
  });

  it('CO-03 a DST borne by the lender is booked as its expense (the database accepts dst_expense and dst_payable)', async () => {
    const q = priceLoan(
      { ...DEFAULT_PRODUCT, dst: { borneBy: 'lender' } },
      { principal: 1_000_000n, termDays: 30 },
    );
    const other = (await client(t.app).signIn('9192000002')).customerId;
    await t.database.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'disbursement',
        idempotencyKey: 'disbursement:order-dst-lender',
        customerId: other,
        entries: disbursementEntries(q),
        at,
      }),
    );
    await t.database.db.transaction(async (tx) => {
      // ₱75.00 × 30/365 = ₱6.1644 → ₱6.17, not deducted from the ₱9,845.00 paid out
      expect(await accountBalance(tx, 'dst_expense', other)).toBe(617n);
      expect(await accountBalance(tx, 'dst_payable', other)).toBe(-617n);
      expect(await accountBalance(tx, 'cash_at_provider', other)).toBe(-984_500n);
    });
  });
});
