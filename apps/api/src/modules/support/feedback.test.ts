import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { feedback } from '../../db/schema/index.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('feedback (VAL-11)', () => {
  it('VAL-11 VAL-17 fewer than 10 characters (after trimming) is refused in the borrower language, nothing stored', async () => {
    const { token, customerId } = await api.signIn('9194000001');
    const h = api.authed(token);
    for (const [body, lang, message] of [
      ['too short', 'en-US', 'Please write at least 10 characters.'],
      ['   123456789    ', 'fil', 'Sumulat ng hindi bababa sa 10 karakter.'],
      ['', 'zh-CN', '请至少填写 10 个字符。'],
    ] as const) {
      const res = await api.json(
        'POST',
        '/api/feedback',
        { body },
        {
          ...h,
          'accept-language': lang,
          'idempotency-key': `feedback-${lang}-short`,
        },
      );
      expect(res).toMatchObject({ status: 400, body: { code: 'FEEDBACK_TOO_SHORT', message } });
    }
    expect(await t.database.db.select().from(feedback).where(eq(feedback.customerId, customerId))).toEqual(
      [],
    );
  });

  it('VAL-11 feedback is stored once per Idempotency-Key (a double tap), with the borrower and language', async () => {
    const { token, customerId } = await api.signIn('9194000002');
    const headers = {
      ...api.authed(token),
      'accept-language': 'fil',
      'idempotency-key': 'feedback-double-tap-1',
    };
    const body = { body: '  The app is easy to use, salamat!  ' };
    const [a, b] = await Promise.all([
      api.json('POST', '/api/feedback', body, headers),
      api.json('POST', '/api/feedback', body, headers),
    ]);
    expect([a.status, b.status].sort()).toContain(201);
    const rows = await t.database.db.select().from(feedback).where(eq(feedback.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: 'The app is easy to use, salamat!', locale: 'fil' });
    expect((await api.json('POST', '/api/feedback', body, {})).status).toBe(401);
  });
});
