import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';
import type { FaceDetector } from './providers/face/face-detector.ts';
import type { PhotoInspector } from './workers/image-pool.ts';
import type { PayoutProvider } from './providers/payout/payout-provider.ts';
import type { CollectionProvider } from './providers/collection/collection-provider.ts';
import type { Jobs } from './plugins/app/jobs.ts';
import type { Locale } from '@pisonow/domain';

/** What the authenticated request carries: taken from the session, never from the request body. */
export interface AuthenticatedCustomer {
  customerId: string;
  sessionId: string;
  phone: string;
  /** loaded with the session (same query), so `GET /api/me` needs no second round trip */
  registeredAt: Date;
}

export interface Providers {
  sms: SmsProvider;
  /** private photo storage (BE-03) */
  storage: ObjectStorage;
  /** face counting for selfies (VAL-16), in the image worker pool */
  face: FaceDetector;
  /** decoding, re-validation and re-encoding of uploaded photos (BE-03), in the image worker pool */
  images: PhotoInspector;
  /** loan payouts (BE-05) */
  payouts: PayoutProvider;
  /** repayments and extension fees (BE-05, issue 7) */
  collections: CollectionProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    clock: Clock;
    secretKey: Buffer;
    providers: Providers;
    jobs: Jobs;
  }
  interface FastifyRequest {
    customer: AuthenticatedCustomer | null;
    /**
     * `auth: 'in-query'` routes only: the bearer token's hash, which the route's own query must
     * resolve with `sessionCustomerQuery` (request.customer stays null there)
     */
    sessionTokenHash: string | null;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /**
     * require a valid session: true, the handler reads request.customer; 'in-query', the handler's
     * one query checks the session itself (`sessionCustomerQuery`, request.sessionTokenHash), so
     * the most visited read costs one database round trip (GET /api/home)
     */
    auth?: boolean | 'in-query';
    /** opt into the Idempotency-Key mechanism */
    idempotency?: 'required' | 'optional';
    /**
     * a payment provider's webhook: its payload is not refused for holding NUL characters (the
     * provider would deliver it again forever); the use case stores it through `storableJson`
     */
    fromProvider?: boolean;
  }
}
