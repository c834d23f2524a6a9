import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followStoredClock } from '../../app.ts';
import { sandboxClock } from '../../db/schema/index.ts';
import { MS, OffsetClock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const store = (offsetMs: bigint) =>
  t.database.db
    .insert(sandboxClock)
    .values({ id: 1, offsetMs, updatedAt: new Date() })
    .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs } });

describe('BE-09 the test clock is the whole system’s', () => {
  it('BE-09 a process follows the offset another process stored, forward only', async () => {
    // Two processes on one PostgreSQL: the clock route moved only the process it reached, and the
    // other kept sending reminders and dating postings days in the past.
    const clock = new OffsetClock(MS.day);
    await store(3n * BigInt(MS.day));
    expect(await followStoredClock(clock, t.database.db)).toBe(true);
    expect(clock.offsetMs).toBe(3 * MS.day);
    // an offset stored earlier (a move that lost the race) never takes the clock back
    await store(2n * BigInt(MS.day));
    expect(await followStoredClock(clock, t.database.db)).toBe(false);
    expect(clock.offsetMs).toBe(3 * MS.day);
  });
});
