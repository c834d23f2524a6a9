import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT, priceLoan } from '@pisonow/domain';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_IP_SENDS_PER_HOUR: '1000' });
  api = client(t.app);
});
afterAll(async () => t?.close());

describe('the loan offers page (/subIndex, issue 10)', () => {
  it('EN-06 a borrower not yet approved sees the product: its range and one priced example per term', async () => {
    const { token } = await api.signIn('9197300001');
    const res = await api.json('GET', '/api/loans/offer', undefined, api.authed(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ canWithdraw: false, blockedBy: 'not_approved', quotes: [] });
    const product = res.body.product;
    expect(product).toMatchObject({
      amountMin: DEFAULT_PRODUCT.amount.min.toString(),
      amountMax: DEFAULT_PRODUCT.amount.max.toString(),
    });
    expect(product.examples.map((e: { termDays: number }) => e.termDays)).toEqual([
      ...DEFAULT_PRODUCT.termDays,
    ]);
    for (const example of product.examples) {
      // priced by the same function that books an order: the figures a withdrawal would show
      const quote = priceLoan(DEFAULT_PRODUCT, {
        principal: DEFAULT_PRODUCT.amount.max,
        termDays: example.termDays,
      });
      expect(example).toMatchObject({
        principal: quote.principal.toString(),
        netProceeds: quote.netProceeds.toString(),
        totalRepayment: quote.totalRepayment.toString(),
      });
    }
  });

  it('a visitor gets 401, not the offer', async () => {
    expect((await api.json('GET', '/api/loans/offer')).status).toBe(401);
  });
});
