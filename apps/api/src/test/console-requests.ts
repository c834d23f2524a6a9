import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries } from '../db/schema/index.ts';
import type { ConsoleSession } from './console-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A signed-in operator's console requests through `inject` (the console's own headers: session
 * cookie, CSRF token on writes), answering the status and the JSON body. `app` is read at each
 * call, since test files build their app in `beforeAll`.
 */
export function consoleRequests(app: () => TestApp['app']) {
  return {
    async post(session: ConsoleSession, url: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await app().inject({
        method: 'POST',
        url,
        headers: { ...session.write, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    },
    async get(session: ConsoleSession, url: string) {
      const res = await app().inject({ method: 'GET', url, headers: session.get });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    },
  };
}

/** Ledger transactions that do not sum to zero (the database refuses them; tests check it too). */
export async function unbalancedLedgerTransactions(db: Db): Promise<{ id: string }[]> {
  return db
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
}

/** The suspense lines that name no borrower: money nobody is matched to yet (a credit: < 0). */
export async function suspenseNamingNobody(db: Db): Promise<bigint> {
  const [row] = await db
    .select({ b: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'suspense'), sql`${ledgerEntries.customerId} is null`));
  return BigInt(row!.b);
}
