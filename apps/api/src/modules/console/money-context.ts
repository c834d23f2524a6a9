import type { DelinquencyBucket } from '@pisonow/domain';
import type { FastifyInstance } from 'fastify';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';
import type { Jobs } from '../../plugins/app/jobs.ts';
import type { PayoutProvider } from '../../providers/payout/payout-provider.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit, type Actor, type AuditInput } from './audit.ts';

/**
 * What the finance role's money operations need (issue 11): the same payout provider and job queue
 * as the automatic disbursement path, so a console retry is the automatic path run again.
 */
export interface MoneyContext extends BaseContext {
  payouts: PayoutProvider;
  /** re-reads a stored collection webhook (BE-10: the paid-at of money naming no borrower) */
  collections: Pick<CollectionProvider, 'name' | 'readStoredWebhook'>;
  jobs: Pick<Jobs, 'sendInTx'>;
  /** an accepted payout not confirmed after this long is listed for finance to chase */
  payoutStuckMinutes: number;
  /** the configured days-past-due buckets and their provisioning rates (BE-15, month-end) */
  delinquencyBuckets: readonly DelinquencyBucket[];
  provisionRatesBp: Readonly<Record<string, number>>;
}

export function moneyContext(app: FastifyInstance): MoneyContext {
  return {
    ...baseContext(app),
    payouts: app.providers.payouts,
    collections: app.providers.collections,
    jobs: app.jobs,
    payoutStuckMinutes: 30,
    delinquencyBuckets: app.config.DELINQUENCY_BUCKETS,
    provisionRatesBp: app.config.PROVISION_RATES_BP,
  };
}

/** What one money action did, for its audit entry; `replayed`: it had already been done. */
export interface Audited<T> {
  result: T;
  audit: Omit<AuditInput, 'action' | 'targetType' | 'targetId'> & { replayed?: boolean };
}

/**
 * Runs one money action in one transaction with exactly one audit entry: written in the same
 * transaction when it succeeds (the change and its entry commit together), or, when the action is
 * refused, on its own after the rollback (outcome `failed` with the error code), so a refusal is on
 * the record too and nothing else is written.
 */
export async function auditedAction<T>(
  ctx: Pick<BaseContext, 'db' | 'clock'>,
  actor: Actor,
  what: { action: string; targetType: string; targetId: string },
  run: (tx: Tx) => Promise<Audited<T>>,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { result, audit } = await run(tx);
      const { replayed, ...entry } = audit;
      await recordAudit(tx, ctx.clock, actor, {
        ...what,
        ...entry,
        detail: { ...(entry.detail ?? {}), ...(replayed ? { replayed: true } : {}) },
      });
      return result;
    });
  } catch (error) {
    if (error instanceof AppError) {
      await recordAudit(ctx.db, ctx.clock, actor, {
        ...what,
        outcome: error.code === 'NOT_FOUND' ? 'not_found' : 'failed',
        detail: { code: error.code },
      });
    }
    throw error;
  }
}

/** A payout destination as finance sees it: the channel, the provider and the account's last four digits. */
export function destinationSummary(d: Record<string, unknown>) {
  const account = typeof d.account === 'string' ? d.account : null;
  return {
    channel: String(d.channel ?? ''),
    providerCode: String(d.providerCode ?? ''),
    accountLast4: account ? account.slice(-4) : null,
  };
}
