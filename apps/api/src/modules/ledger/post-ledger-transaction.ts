import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { balanced, type LedgerEntry } from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

export interface PostingInput {
  kind: string;
  /** one business event, one key: `disbursement:<orderId>`; posting it again does nothing */
  idempotencyKey: string;
  customerId?: string | null;
  /** the loan the money belongs to: every line carries it, so per-loan balances are sums */
  orderId?: string | null;
  reference?: string | null;
  /**
   * A line may name its own borrower and loan (null: none), overriding the transaction's: money
   * naming no borrower, assigned to one, leaves the suspense line that names nobody (BE-05).
   */
  entries: (LedgerEntry & { customerId?: string | null; orderId?: string | null })[];
  at: Date;
}

/**
 * Posts one balanced transaction inside the caller's database transaction, so money moves only
 * together with the business change that causes it. Returns the transaction id, or the existing
 * one when this event was already posted.
 */
export async function postLedgerTransaction(
  tx: Tx,
  input: PostingInput,
): Promise<{ transactionId: string; posted: boolean }> {
  balanced(input.entries);
  const lines = input.entries.filter((e) => e.amount !== 0n);
  const id = randomUUID();
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      id,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      customerId: input.customerId ?? null,
      reference: input.reference ?? null,
      postedAt: input.at,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    return { transactionId: existing!.id, posted: false };
  }
  await tx.insert(ledgerEntries).values(
    lines.map((e) => ({
      id: randomUUID(),
      transactionId: id,
      account: e.account,
      customerId: (e.customerId !== undefined ? e.customerId : input.customerId) ?? null,
      orderId: (e.orderId !== undefined ? e.orderId : input.orderId) ?? null,
      amount: e.amount,
    })),
  );
  return { transactionId: id, posted: true };
}

/** Balance of an account (optionally one borrower's sub-ledger): always derived from the entries. */
export async function accountBalance(tx: Tx, account: string, customerId?: string): Promise<bigint> {
  const [row] = await tx
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(
      customerId
        ? and(eq(ledgerEntries.account, account), eq(ledgerEntries.customerId, customerId))
        : eq(ledgerEntries.account, account),
    );
  return BigInt(row?.balance ?? '0');
}
