import Fastify, { type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { refuseUndeclaredSuccess } from '../../lib/declared-answers.ts';
import { isContractSerializer, responseSerializerCompiler } from '../../lib/response-serializer.ts';

/*
 * Issue 9: the borrower app no longer validates answers with zod (building the schemas was ~120 ms
 * of the home screen's main-thread work, for checks the server had already made). It trusts the
 * shape because of what these tests hold: every JSON answer is declared with its contract, and the
 * serializer the app installs (app.ts, lib/response-serializer.ts) writes only the contract's
 * fields: checked with zod outside production, compiled from the contract in production.
 */

/**
 * Answers without a JSON contract, on purpose: files and HTML pages, and the two provider webhooks'
 * acknowledgements (the provider reads the status only; the web app never calls them).
 */
const NOT_JSON = new Set([
  'GET /api/photos/files/{token}', // the photo itself, behind a short-lived token
  'GET /api/orders/{orderId}/documents/{kind}', // the agreed HTML documents
  'GET /api/orders/{orderId}/extension-disclosures/{repaymentId}', // the HTML statement kept
  'GET /api/orders/{orderId}/statement', // statement of account (file)
  'GET /api/orders/{orderId}/clearance-letter', // certificate of full payment (file)
  'GET /api/me/data', // the borrower's data export (a download)
  'POST /api/payouts/callbacks', // provider webhook: an acknowledgement
  'POST /api/collections/webhook', // provider webhook: an acknowledgement
  'GET /api/console/credit-reports/{reportId}/file', // the bureau submission file
  'GET /api/console/aml/str-cases/{strCaseId}/export', // the AMLC report file
  'GET /api/sandbox/checkout/{providerCollectionId}', // the sandbox checkout page (HTML)
  'POST /api/sandbox/checkout/{providerCollectionId}/pay', // its form posts
  'POST /api/sandbox/checkout/{providerCollectionId}/cancel',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('answers are declared with their contracts (issue 9: the browser trusts them)', () => {
  it('every operation answers 2xx with a JSON schema, or is on the short list of files and pages', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const declared = Object.entries(operation.responses ?? {}).some(
          ([status, answer]) => status.startsWith('2') && answer.content?.['application/json']?.schema,
        );
        if (!declared && !NOT_JSON.has(name)) undeclared.push(name);
        // a file or page that gained a JSON contract leaves the list
        if (declared && NOT_JSON.has(name)) undeclared.push(`${name} (declared: take it off NOT_JSON)`);
      }
    expect(undeclared).toEqual([]);
  });

  for (const check of [true, false])
    it(`the serializer the app installs strips what the contract does not name (${check ? 'checked' : 'production'})`, async () => {
      // the same compilers app.ts sets, on a route whose handler returns more than it declares
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(responseSerializerCompiler({ check }));
      const answer = z.object({ firstName: z.string(), limit: z.string() });
      let returned: unknown = { firstName: 'Maria', limit: '500000', idNumber: 'A1234567' };
      app.get(
        '/x',
        { schema: { response: { 200: answer } } },
        async () => returned as z.infer<typeof answer>,
      );
      await app.ready();
      const stripped = await app.inject('/x');
      expect(stripped.statusCode).toBe(200);
      expect(stripped.json()).toEqual({ firstName: 'Maria', limit: '500000' });
      // a wrong shape: refused when checked; in production a missing field is refused too
      returned = check ? { firstName: 'Maria', limit: 500000 } : { firstName: 'Maria' };
      expect((await app.inject('/x')).statusCode).toBe(500);
      await app.close();
    });

  it('outside production, a 2xx status the route does not declare is refused (it would skip the check)', async () => {
    // the type provider already refuses this at compile time for typed handlers; the hook catches
    // what gets past the types
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
    app.addHook('onSend', refuseUndeclaredSuccess);
    const answer = z.object({ id: z.string() });
    app.post('/declared', { schema: { response: { 201: answer } } }, async (_q, reply) =>
      reply.status(201).send({ id: 'a' }),
    );
    app.post('/undeclared', { schema: { response: { 200: answer } } }, async (_q, reply) =>
      (reply as unknown as FastifyReply).status(201).send({ id: 'a' }),
    );
    app.get('/no-schema', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/declared' })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/undeclared' })).statusCode).toBe(500);
    expect((await app.inject('/no-schema')).statusCode).toBe(200);
    await app.close();
  });

  it('app.ts installs that serializer', () => {
    expect(isContractSerializer(t.app.serializerCompiler)).toBe(true);
  });
});
