import { afterEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { JOBS } from './job-types.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { otpCodes } from '../../db/schema/index.ts';
import { cleanUpLoginData } from '../../modules/auth/clean-up-login-data.ts';
import { authContext } from '../../modules/auth/auth-context.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('jobs (pg-boss) and the login-data clean-up', () => {
  it("the clean-up deletes old codes and keeps today's (the daily cap still needs them); running it twice is harmless", async () => {
    t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
    const api = client(t.app);
    await api.sendCode('9177000001');
    t.clock.advance(3 * 86_400_000);
    await api.sendCode('9177000002');
    const first = await cleanUpLoginData(authContext(t.app));
    expect(first.otpCodes).toBe(1);
    const second = await cleanUpLoginData(authContext(t.app));
    expect(second.otpCodes).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(otpCodes))[0]!.n).toBe(1);
  });

  it('the queue starts on this database, the clean-up job is scheduled, and a queued run completes', async () => {
    t = await createTestApp({ JOBS: '1' });
    const boss = t.app.jobs.boss();
    expect(boss).toBeTruthy();
    const schedules = await boss!.getSchedules();
    expect(schedules.map((s) => s.name)).toContain('auth.clean-up-login-data');
    const id = await t.app.jobs.send(JOBS.cleanUpLoginData, {});
    expect(id).toBeTruthy();
    let state = '';
    for (let i = 0; i < 60 && state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      state = (await boss!.getJobById('auth.clean-up-login-data', id!))?.state ?? '';
    }
    expect(state).toBe('completed');
  }, 40_000);

  it('issue 7 a job sent inside a business transaction exists exactly when that transaction commits; payloads are typed and checked', async () => {
    t = await createTestApp({ JOBS: '1' });
    const app = t.app;
    const boss = app.jobs.boss()!;
    let rolledBack: string | null = null;
    await expect(
      t.database.db.transaction(async (tx) => {
        rolledBack = await app.jobs.sendInTx(tx, JOBS.decideApplication, {
          applicationId: '00000000-0000-4000-8000-000000000001',
        });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(rolledBack).toBeTruthy();
    expect(await boss.getJobById(JOBS.decideApplication.name, rolledBack!)).toBeNull();
    let committed: string | null = null;
    await t.database.db.transaction(async (tx) => {
      committed = await app.jobs.sendInTx(tx, JOBS.decideApplication, {
        applicationId: '00000000-0000-4000-8000-000000000002',
      });
    });
    expect(await boss.getJobById(JOBS.decideApplication.name, committed!)).toBeTruthy();
    // a payload that does not match its job's schema is a programming error, refused before queueing
    await expect(app.jobs.send(JOBS.decideApplication, { applicationId: 'not-a-uuid' })).rejects.toThrow();
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === JOBS.servicingDay.name)).toMatchObject({
      cron: '5 0 * * *',
      timezone: 'UTC+8',
    });
  }, 40_000);

  it('BE-06 ST-01 the day job and the disbursement job retry with backoff for hours, not three times within seconds', async () => {
    t = await createTestApp({ JOBS: '1' });
    const boss = t.app.jobs.boss()!;
    for (const type of [JOBS.servicingDay, JOBS.disburseOrder])
      expect(await boss.getQueue(type.name), type.name).toMatchObject({
        retryLimit: 10,
        retryDelay: 60,
        retryBackoff: true,
        retryDelayMax: 3600,
      });
  }, 40_000);
});
