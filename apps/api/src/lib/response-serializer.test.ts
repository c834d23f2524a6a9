import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { homeSummaryResponse } from '@pisonow/domain';
import { responseSerializerCompiler, ResponseContractError } from './response-serializer.ts';
import { createTestApp, client, type TestApp } from '../test/test-app.ts';

const compile = (schema: z.ZodType, check: boolean) =>
  responseSerializerCompiler({ check })({ schema, method: 'GET', url: '/t', httpStatus: '200' });

const home = {
  firstName: 'Maria',
  application: {
    status: 'approved',
    nextStep: null,
    stepsDone: 7,
    stepsTotal: 7,
    editable: false,
    decision: { outcome: 'approve', retryDate: null },
  },
  creditLimit: '400000',
  order: {
    id: '0192f1a2-1111-7000-8000-000000000000',
    status: 'repaying',
    label: { key: 'expiresIn', days: 5, text: 'Due in 5 days' },
    principal: '200000',
    netProceeds: '196442',
    totalRepayment: '230000',
    dueDate: '2026-12-10',
    amountDue: '210000',
    overdueDays: 0,
  },
  support: { email: 'help@lender.example', hotline: '1', webEmail: '', website: '' },
};

/** the same answer with a field outside the contract at every level, the nullable objects included */
const withExtras = {
  ...home,
  passwordHash: 'x',
  application: {
    ...home.application,
    internalNote: 'x',
    decision: { ...home.application.decision, reasons: ['x'] },
  },
  order: { ...home.order, customerPhone: '9171234567', label: { ...home.order.label, tone: 'x' } },
  support: { ...home.support, apiKey: 'x' },
};

describe('response serializer (issue 8): answers carry only the fields of their contract', () => {
  it('production (no check): the compiled serializer drops every field outside the contract, at every level', () => {
    const written = JSON.parse(compile(homeSummaryResponse, false)(withExtras));
    expect(written).toEqual(home);
    expect(homeSummaryResponse.strict().parse(written)).toEqual(home);
  });

  it('production: unknown fields are dropped from array items and from each branch of a union', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.string() })),
      event: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('paid'), amount: z.string() }),
        z.object({ kind: z.literal('failed'), reason: z.string() }),
      ]),
    });
    const fast = compile(schema, false);
    expect(
      JSON.parse(
        fast({ items: [{ id: 'a', secret: 1 }], event: { kind: 'failed', reason: 'r', token: 't' } }),
      ),
    ).toEqual({ items: [{ id: 'a' }], event: { kind: 'failed', reason: 'r' } });
    expect(JSON.parse(fast({ items: [], event: { kind: 'paid', amount: '1', token: 't' } }))).toEqual({
      items: [],
      event: { kind: 'paid', amount: '1' },
    });
  });

  it('production: an answer missing a required field is refused (a 500), not sent short', () => {
    const { support: _support, ...short } = home;
    void _support;
    expect(() => compile(homeSummaryResponse, false)(short)).toThrow(ResponseContractError);
  });

  it('checked (development, tests): writes what the contract check writes, and refuses an answer off its contract', () => {
    const checked = compile(homeSummaryResponse, true);
    expect(checked(withExtras)).toBe(compile(homeSummaryResponse, false)(withExtras));
    expect(JSON.parse(checked(withExtras))).toEqual(home);
    expect(() => checked({ ...home, application: { ...home.application, status: 'lost' } })).toThrow();
  });
});

describe('GET /api/home as production writes it (CHECK_RESPONSES=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHECK_RESPONSES: '0' });
  });
  afterAll(async () => t?.close());

  it('answers within its contract, nothing more, and errors stay { code, message }', async () => {
    const api = client(t.app);
    const { token } = await api.signIn('9198200001');
    const res = await api.json('GET', '/api/home', undefined, api.authed(token));
    expect(res.status).toBe(200);
    expect(homeSummaryResponse.strict().parse(res.body)).toEqual(res.body);
    const refused = await api.json('GET', '/api/home', undefined, { authorization: 'Bearer short' });
    expect(refused.status).toBe(401);
    expect(Object.keys(refused.body).sort()).toEqual(['code', 'message']);
  });
});
