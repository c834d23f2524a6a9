import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sandboxSmsOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * SANDBOX=1: nothing leaves the machine. Each message lands in the outbox table (read through
 * GET /api/sandbox/outbox) and in the server log, so a developer can log in without a phone.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  constructor(db: Db, clock: Clock, log: FastifyBaseLogger) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
  }
  async send({ to, body }: { to: string; body: string }) {
    const id = randomUUID();
    await this.#db.insert(sandboxSmsOutbox).values({ id, phone: to, body, createdAt: this.#clock.now() });
    this.#log.info({ sandboxSms: { to, body } }, `sandbox SMS to ${to}: ${body}`);
    return { providerMessageId: id };
  }
}
