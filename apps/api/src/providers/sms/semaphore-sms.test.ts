import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SemaphoreSmsProvider } from './semaphore-sms.ts';
import { SmsSendError } from './sms-provider.ts';
import { createTestApp, client, type TestApp } from '../../test/test-app.ts';

/**
 * A local fake of Semaphore's documented API: form-encoded POST /priority with apikey, number,
 * message, sendername; answers a JSON array of messages, or an error status.
 */
let server: Server;
let baseUrl: string;
let received: Record<string, string>[] = [];
let mode: 'ok' | 'invalid' | 'down' | 'garbage' | 'failed' = 'ok';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    if (req.method !== 'POST' || req.url !== '/api/v4/priority') return void res.writeHead(404).end();
    received.push(form);
    res.setHeader('content-type', 'application/json');
    if (form.apikey !== 'test-key' || mode === 'invalid')
      return void res.writeHead(422).end(JSON.stringify({ apikey: ['The selected apikey is invalid.'] }));
    if (mode === 'down') return void res.writeHead(500).end('{}');
    if (mode === 'garbage') return void res.writeHead(200).end('<html>');
    res.writeHead(200).end(
      JSON.stringify([
        {
          message_id: 1234567,
          user_id: 99,
          user: 'ops@example.ph',
          account_id: 90,
          account: 'Lender',
          recipient: form.number,
          message: form.message,
          sender_name: form.sendername ?? 'SEMAPHORE',
          network: 'Globe',
          status: mode === 'failed' ? 'Failed' : 'Pending',
          type: 'Single',
          source: 'Api',
          created_at: '2026-11-22 10:00:00',
          updated_at: '2026-11-22 10:00:00',
        },
      ]),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  received = [];
  mode = 'ok';
});

describe('Semaphore SMS provider (BE-02)', () => {
  it('BE-02 posts the documented form fields and returns the message id', async () => {
    const sms = new SemaphoreSmsProvider({ apiKey: 'test-key', senderName: 'PISONOW', baseUrl });
    const result = await sms.send({ to: '9171234567', body: 'Your code is 1234' });
    expect(result.providerMessageId).toBe('1234567');
    expect(received[0]).toEqual({
      apikey: 'test-key',
      number: '09171234567',
      message: 'Your code is 1234',
      sendername: 'PISONOW',
    });
  });

  it('BE-02 a refused key is a non-retryable error that does not echo the key', async () => {
    mode = 'invalid';
    const sms = new SemaphoreSmsProvider({ apiKey: 'test-key', baseUrl });
    const error = await sms.send({ to: '9171234567', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).retryable).toBe(false);
    expect((error as Error).message).not.toContain('test-key');
  });

  it('a 5xx is retryable; a non-JSON answer and a Failed status are errors', async () => {
    const sms = new SemaphoreSmsProvider({ apiKey: 'test-key', baseUrl });
    mode = 'down';
    expect(
      ((await sms.send({ to: '9171234567', body: 'x' }).catch((e) => e)) as SmsSendError).retryable,
    ).toBe(true);
    mode = 'garbage';
    await expect(sms.send({ to: '9171234567', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
    mode = 'failed';
    await expect(sms.send({ to: '9171234567', body: 'x' })).rejects.toBeInstanceOf(SmsSendError);
  });

  it('an unreachable gateway is a retryable error', async () => {
    const sms = new SemaphoreSmsProvider({
      apiKey: 'test-key',
      baseUrl: 'http://127.0.0.1:9/api/v4',
      timeoutMs: 2000,
    });
    expect(
      ((await sms.send({ to: '9171234567', body: 'x' }).catch((e) => e)) as SmsSendError).retryable,
    ).toBe(true);
  });

  describe('selected by configuration', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('BE-02 SMS_PROVIDER=semaphore sends the login code through the gateway; the code logs in', async () => {
      t = await createTestApp({
        SMS_PROVIDER: 'semaphore',
        SEMAPHORE_API_KEY: 'test-key',
        SEMAPHORE_BASE_URL: baseUrl,
      });
      const api = client(t.app);
      expect((await api.sendCode('9176000001')).status).toBe(200);
      expect(received).toHaveLength(1);
      const code = /(\d{4})/.exec(received[0]!.message!.replace(/\[.*?\]/, ''))![1]!;
      expect((await api.login('9176000001', code)).status).toBe(200);
      // the sandbox outbox saw nothing: the real provider was used
      expect((await api.json('GET', '/api/sandbox/outbox?phone=9176000001')).body.messages).toHaveLength(0);
    });

    it('a gateway failure answers SMS_SEND_FAILED and does not use up the cooldown', async () => {
      t = await createTestApp({
        SMS_PROVIDER: 'semaphore',
        SEMAPHORE_API_KEY: 'test-key',
        SEMAPHORE_BASE_URL: baseUrl,
      });
      const api = client(t.app);
      mode = 'down';
      const res = await api.sendCode('9176000002');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('SMS_SEND_FAILED');
      mode = 'ok';
      expect((await api.sendCode('9176000002')).status).toBe(200);
    });
  });
});
