import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';

/**
 * What the servicing use cases need, built once by the servicing plugin; every use case takes
 * `(ctx, input)`.
 */
export interface ServicingContext {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  collections: CollectionProvider;
  sms: SmsProvider;
  /** where the provider sends the browser back after an e-wallet checkout */
  publicBaseUrl: string;
  bankChangeMaintenance: boolean;
  companyName: string;
}
