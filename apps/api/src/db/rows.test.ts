import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDisbursedLoan } from '../test/loan-fixtures.ts';
import { orders } from './schema/index.ts';
import { rowAsJson, rowFromJson, rowReader, rowsOf } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('a typed row inside a bigger query (issue 8: GET /api/home in one round trip)', () => {
  it('rowFromJson(rowAsJson) gives what select().from(table) gives, bigints and times exact', async () => {
    const { orderId } = await seedDisbursedLoan(t.database.db, {
      disbursedAt: new Date('2026-11-02T03:04:05.678Z'),
    });
    // a figure past 2^53 would lose digits as a JSON number: it must come back exact
    await t.database.db
      .update(orders)
      .set({ lateCharge: 9_007_199_254_740_993n })
      .where(eq(orders.id, orderId));
    const [typed] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const [row] = rowsOf<{ o: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`select ${rowAsJson(orders, 'x')} as o from ${orders} x where x.id = ${orderId}`,
      ),
    );
    const fromJson = rowFromJson(orders, row!.o);
    expect(fromJson).toEqual(typed);
    expect(fromJson.lateCharge).toBe(9_007_199_254_740_993n);
    expect(fromJson.disbursedAt).toBeInstanceOf(Date);
    expect(fromJson.disbursedAt!.toISOString()).toBe('2026-11-02T03:04:05.678Z');
  });

  it('only the columns named: the object carries those and no other, read back as the same typed values', async () => {
    const { orderId } = await seedDisbursedLoan(t.database.db, {
      disbursedAt: new Date('2026-11-03T03:04:05.678Z'),
    });
    const keys = ['id', 'principal', 'disbursedAt', 'dueDate'] as const;
    const [typed] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const [row] = rowsOf<{ o: Record<string, unknown> }>(
      await t.database.db.execute(
        sql`select ${rowAsJson(orders, 'x', keys)} as o from ${orders} x where x.id = ${orderId}`,
      ),
    );
    // database column names; the payout destination (account details) is not among them
    expect(Object.keys(row!.o).sort()).toEqual(['disbursed_at', 'due_date', 'id', 'principal']);
    expect(rowReader(orders, keys)(row!.o)).toEqual({
      id: typed!.id,
      principal: typed!.principal,
      disbursedAt: typed!.disbursedAt,
      dueDate: typed!.dueDate,
    });
  });

  it('a left join that found nothing is null, not an object of nulls', async () => {
    const [row] = rowsOf<{ o: unknown }>(
      await t.database.db.execute(
        sql`select ${rowAsJson(orders, 'x')} as o from (select 1) one left join ${orders} x on false`,
      ),
    );
    expect(row!.o).toBeNull();
  });
});
