import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { screenName, screenPerson, nameSimilarity } from '@pisonow/domain';
import { amlScreenings, payouts, reviewCases } from '../../db/schema/index.ts';
import { submitCompleteApplication } from '../../test/application-fixtures.ts';
import { createOperators, signInOperator, type TestOperator } from '../../test/console-fixtures.ts';
import { withdrawalBody } from '../../test/order-fixtures.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';
import { decidePendingApplications } from '../lending/decide-application.ts';
import { lendingContext } from '../lending/lending-context.ts';
import { disburseOrder, disbursePendingOrders } from '../orders/disburse-order.ts';
import { ordersContext } from '../orders/orders-context.ts';
import { importSanctionsList } from './import-sanctions-list.ts';
import { amlHold } from './screen-customer.ts';
import { parseUnConsolidatedList } from './parse-un-list.ts';

/** BE-14 (SEC MC 4 s.2021): designated-persons screening, its console queue, and the hold on loans. */
const SAMPLE = readFileSync(new URL('./fixtures/un-consolidated-sample.xml', import.meta.url), 'utf8');

describe('BE-14 the UN consolidated list and the screening (pure)', () => {
  const { people, entities, generatedAt } = parseUnConsolidatedList(SAMPLE);

  it('BE-14 reads individuals with every alias and date of birth (exact, a year, a range); counts entities', () => {
    expect(generatedAt).toBe('2026-11-01T00:00:00.000Z');
    expect(entities).toBe(1);
    expect(people).toEqual([
      {
        reference: 'TSi.001',
        names: ['RODRIGO MAGBANUA SALVADOR', 'Rodrigo Salvador', 'Digo Magbanua'],
        birthDates: ['1980-03-14'],
      },
      { reference: 'TSi.002', names: ['AMINA BINTI HASSAN', 'Aminah Hasan'], birthDates: ['1975'] },
      { reference: 'TSi.003', names: ['TEODORO QUIAMBAO'], birthDates: ['1968', '1969', '1970'] },
    ]);
  });

  it.each([
    ['Rodrigo Magbanua Salvador', '1980-03-14'],
    ['RODRIGO SALVADOR', '1980-03-14'],
    ['Salvador, Rodrigo M.', '1980-03-14'],
    ['Rodrigo Salbador', '1980-03-14'], // a near spelling
    ['Ródrigo Magbánua', '1980-03-14'], // accents
    ['Amina Hasan', '1975-06-02'],
    ['Teodoro Quiambao', '1969-12-01'],
    ['Teodoro Kiambao', '1969-12-01'],
  ])('BE-14 flags %s (born %s)', (fullName, birthDate) => {
    expect(screenPerson({ fullName, birthDate }, people).outcome).toBe('possible_match');
  });

  it.each([
    ['Maria Santos Dela Cruz', '1995-04-12'],
    ['Rodrigo Duterte Reyes', '1980-03-14'], // one common given name is not a match
    ['Amina Hassim', '1990-01-01'], // a near name, but a different listed year of birth
    ['Juan Magbanua', '1980-03-14'],
  ])('BE-14 clears %s (born %s)', (fullName, birthDate) => {
    expect(screenPerson({ fullName, birthDate }, people).outcome).toBe('clear');
  });

  it("BE-14 a name with no birth date (a payer refund's payee, BE-05) is screened at the name bar alone", () => {
    // a different listed year of birth clears this name for a borrower; a payee has no date to lower it
    expect(screenPerson({ fullName: 'Amina Hassim', birthDate: '1990-01-01' }, people).outcome).toBe('clear');
    expect(screenName('Amina Hassim', people).outcome).toBe('possible_match');
    expect(screenName('rodrigo magbanua salvador', people).outcome).toBe('possible_match');
    expect(screenName('Maria Santos Dela Cruz', people).outcome).toBe('clear');
    expect(screenName('Rodrigo Duterte Reyes', people).outcome).toBe('clear');
  });

  it('BE-14 similarity ignores order and a missing middle name', () => {
    expect(nameSimilarity('Salvador Rodrigo', 'Rodrigo Magbanua Salvador')).toBe(1);
    expect(nameSimilarity('Rodrigo', 'Rodrigo Salvador')).toBe(0);
  });
});

describe('BE-14 screening in the lending flow and the console', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let ops: Record<string, TestOperator>;
  beforeAll(async () => {
    t = await createTestApp({
      CAPTCHA_IP_SENDS_PER_HOUR: '1000',
      CAPTCHA_PREFIX_SENDS_PER_10_MINUTES: '1000',
    });
    api = client(t.app);
    ops = await createOperators(t);
  }, 60_000);
  afterAll(async () => t?.close());

  const order = async (h: Record<string, string>, phone: string, locale = 'en-US') =>
    api.json(
      'POST',
      '/api/orders',
      await withdrawalBody(api, h, {
        signature: `data:image/png;base64,${Buffer.from('signature').toString('base64')}`,
      }),
      { ...h, 'idempotency-key': `order-${phone}-${Date.now()}`, 'accept-language': locale },
    );

  it('BE-14 a listed name goes to review, no loan until the AML queue clears it; a re-import holds an approved borrower', async () => {
    const first = await importSanctionsList(t.database.db, { xml: SAMPLE, now: t.clock.now() });
    expect(first).toMatchObject({ people: 3, duplicate: false });
    expect((await importSanctionsList(t.database.db, { xml: SAMPLE, now: t.clock.now() })).duplicate).toBe(
      true,
    );

    // an applicant with a listed person's name and birth date
    const listed = await submitCompleteApplication(t.database.db, api, '9176600001', {
      name: { firstName: 'Rodrigo', lastName: 'Salvador' },
      birthDate: '1980-03-14',
    });
    await decidePendingApplications(lendingContext(t.app));
    const [hit] = await t.database.db
      .select()
      .from(amlScreenings)
      .where(eq(amlScreenings.customerId, listed.customerId));
    expect(hit).toMatchObject({ outcome: 'possible_match', resolution: null });
    expect(hit!.hits[0]).toMatchObject({ reference: 'TSi.001', birthDate: 'match' });
    const [review] = await t.database.db
      .select()
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, listed.applicationId));
    expect(review!.reasons).toContain('sanctionsList');

    // the underwriter sees it in the AML queue and approves the application in the review queue…
    const underwriter = await signInOperator(t, ops.underwriter!);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/console/aml/screenings',
      headers: underwriter.get,
    });
    expect(queue.json().items.map((i: { id: string }) => i.id)).toContain(hit!.id);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/console/review-cases/${review!.id}/decision`,
      headers: { ...underwriter.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'approve', limit: '300000', reason: 'identity checked' }),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    // …but no loan while the match is open, and the borrower is not told why (no tipping off)
    const refused = await order(listed.h, '9176600001', 'fil');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'AML_REVIEW_PENDING',
      message:
        'Kailangan pa ng karagdagang pagsusuri sa iyong account bago ang bagong utang. Ipapaalam namin kapag tapos na.',
    });
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/console/aml/screenings/${hit!.id}/resolve`,
      headers: { ...underwriter.write, 'content-type': 'application/json' },
      payload: JSON.stringify({
        resolution: 'cleared',
        note: 'different person: ID shows born in Iloilo, not listed',
      }),
    });
    expect(cleared.json()).toMatchObject({ resolution: 'cleared' });
    const placed = await order(listed.h, '9176600001');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    // an ordinary borrower is approved; a new list names them: their next loan waits
    const ordinary = await submitCompleteApplication(t.database.db, api, '9176600002', {
      name: { firstName: 'Lorna', lastName: 'Bautista' },
      birthDate: '1991-07-07',
    });
    await decidePendingApplications(lendingContext(t.app));
    const newList = SAMPLE.replace(
      '</INDIVIDUALS>',
      `<INDIVIDUAL><FIRST_NAME>LORNA</FIRST_NAME><SECOND_NAME>BAUTISTA</SECOND_NAME><REFERENCE_NUMBER>TSi.004</REFERENCE_NUMBER>
       <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1991-07-07</DATE></INDIVIDUAL_DATE_OF_BIRTH></INDIVIDUAL></INDIVIDUALS>`,
    );
    const second = await importSanctionsList(t.database.db, { xml: newList, now: t.clock.now() });
    expect(second.possibleMatches).toBeGreaterThanOrEqual(1);
    expect((await order(ordinary.h, '9176600002')).body.code).toBe('AML_REVIEW_PENDING');
    // the earlier borrower, cleared against the first list, is screened afresh against the new one:
    // still the same person on the list, so they are held again until someone looks
    expect(await amlHold(t.database.db, listed.customerId)).toBe(true);
    expect(await amlHold(t.database.db, ordinary.customerId)).toBe(true);
  });

  it('BE-14 a list re-imported while a loan is being paid out holds the payout until the match is cleared', async () => {
    const b = await submitCompleteApplication(t.database.db, api, '9176600003', {
      name: { firstName: 'Marites', lastName: 'Dimaculangan' },
      birthDate: '1988-02-02',
    });
    await decidePendingApplications(lendingContext(t.app));
    const placed = await order(b.h, '9176600003');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.id as string;
    // the list changes between booking and payout
    const listed = SAMPLE.replace(
      '</INDIVIDUALS>',
      `<INDIVIDUAL><FIRST_NAME>MARITES</FIRST_NAME><SECOND_NAME>DIMACULANGAN</SECOND_NAME><REFERENCE_NUMBER>TSi.005</REFERENCE_NUMBER>
       <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1988-02-02</DATE></INDIVIDUAL_DATE_OF_BIRTH></INDIVIDUAL></INDIVIDUALS>`,
    );
    await importSanctionsList(t.database.db, { xml: listed, now: t.clock.now() });
    const ctx = ordersContext(t.app);
    const sent: unknown[] = [];
    const watched = {
      ...ctx,
      payouts: { ...ctx.payouts, send: async (r: never) => (sent.push(r), ctx.payouts.send(r)) },
    };
    const warn = vi.spyOn(ctx.log, 'warn');
    const debug = vi.spyOn(ctx.log, 'debug');
    expect(await disburseOrder(watched, { orderId })).toBe('aml-hold');
    expect(sent).toEqual([]);
    // the job says so once; the minute sweep drives it again without a warning every minute
    const held = (call: unknown[]) => String(call[1]).startsWith('payout held');
    expect(warn.mock.calls.filter(held)).toHaveLength(1);
    expect(await disbursePendingOrders(ctx)).toBeGreaterThanOrEqual(1);
    expect(await disbursePendingOrders(ctx)).toBeGreaterThanOrEqual(1);
    expect(warn.mock.calls.filter(held)).toHaveLength(1);
    const heldThis = (call: unknown[]) => held(call) && (call[0] as { orderId?: string }).orderId === orderId;
    expect(debug.mock.calls.filter(heldThis)).toHaveLength(2);
    warn.mockRestore();
    debug.mockRestore();
    const [attempt] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(attempt!.state).toBe('pending');
    // the underwriter clears it: the next sweep pays out
    const [hit] = await t.database.db
      .select()
      .from(amlScreenings)
      .where(eq(amlScreenings.customerId, b.customerId))
      .orderBy(desc(amlScreenings.screenedAt))
      .limit(1);
    const underwriter = await signInOperator(t, ops.underwriter!);
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/console/aml/screenings/${hit!.id}/resolve`,
      headers: { ...underwriter.write, 'content-type': 'application/json' },
      payload: JSON.stringify({ resolution: 'cleared', note: 'different person: other birthplace' }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await disburseOrder(watched, { orderId })).not.toBe('aml-hold');
    expect(sent).toHaveLength(1);
  });
});
