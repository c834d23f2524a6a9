import { eq } from 'drizzle-orm';
import {
  DEFAULT_POSTAL_CODE_LENGTH,
  applicationContracts,
  manilaDate,
  type ContractContext,
} from '@pisonow/domain';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { Jobs } from '../../plugins/app/jobs.ts';

/**
 * What the application use cases need, built once by the application routes plugin
 * (`applicationContext(app)`).
 *
 * A use case is an exported function a route, a job or another module calls:
 * `verbNoun(ctx: ApplicationContext, input)` (applicationView, saveApplicationStep,
 * submitApplication). Not use cases, and so left in their own shape: the small query helpers other
 * use cases call with their own `db` or `tx` (contractContext/contractsFor below, latestDecision,
 * assertOwnPhotos), `idNumberHash` (pure) and `validationError` (a pure mapping).
 */
export interface ApplicationContext extends BaseContext {
  /** seals and opens the ID numbers */
  secretKey: Buffer;
  /** underwriting is queued inside the submission's transaction */
  jobs: Pick<Jobs, 'sendInTx'>;
}

export function applicationContext(app: FastifyInstance): ApplicationContext {
  return { ...baseContext(app), secretKey: app.secretKey, jobs: app.jobs };
}

/**
 * What the step contracts need to know that the request does not say: today in Manila (ages),
 * the postal-code rule, and the borrower's own number (an emergency contact may not be it).
 * Built on the server from the clock and the session, never from the browser.
 */
export async function contractContext(db: Db | Tx, customerId: string, now: Date): Promise<ContractContext> {
  const [customer] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return {
    today: manilaDate(now),
    postalCodeLength: DEFAULT_POSTAL_CODE_LENGTH,
    registeredPhone: customer?.phone,
  };
}

export async function contractsFor(db: Db | Tx, customerId: string, now: Date) {
  return applicationContracts(await contractContext(db, customerId, now));
}
