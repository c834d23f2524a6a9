import { and, asc, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import {
  addDays,
  applicantKeepUntil,
  manilaDate,
  retentionPlan,
  type RetentionErasureSummary,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  applicationEvents,
  applicationSteps,
  applications,
  orders,
  photos,
  retentionRecords,
} from '../../db/schema/index.ts';
import type { BaseContext } from '../../lib/base-context.ts';
import type { ObjectStorage } from '../../providers/storage/object-storage.ts';
import { recordAudit, systemActor } from '../console/audit.ts';
import { retentionFactsFor } from './retention-facts.ts';

export interface RetentionContext extends BaseContext {
  storage: ObjectStorage;
  /** days of no application activity after which an applicant never paid out is erased */
  inactiveApplicantDays: number;
  batchSize: number;
}

export interface RetentionRun {
  /** applicants whose identity data was erased from the database in this run */
  erased: number;
  /** erasures finished (photo objects deleted), including ones a crashed run left */
  finished: number;
  /** paid-out borrowers whose retention date was (re)computed */
  recorded: number;
  batches: number;
}

const ACTOR = systemActor('privacy.retention');

/**
 * The last application activity of each applicant: the application itself, its history, their
 * photos and any order (a cancelled one counts as activity too). The job's own erasure changes
 * none of these, so an erased applicant becomes a candidate again only if they come back.
 */
const lastActivity = sql<Date>`greatest(
  ${applications.updatedAt},
  coalesce((select max(e.at) from ${applicationEvents} e where e.application_id = ${applications.id}), ${applications.updatedAt}),
  coalesce((select max(p.created_at) from ${photos} p where p.customer_id = ${applications.customerId}), ${applications.updatedAt}),
  coalesce((select max(o.updated_at) from ${orders} o where o.customer_id = ${applications.customerId}), ${applications.updatedAt})
)`.mapWith(applications.updatedAt);

/**
 * Applicants due for erasure: never paid out and no order still in progress, inactive since
 * before `cutoff`, and not erased since their last activity (nor half-way through an erasure:
 * that one is finished first). Oldest first.
 */
async function dueApplicants(
  db: Db | Tx,
  input: { cutoff: Date; limit: number; customerId?: string },
): Promise<{ customerId: string; applicationId: string; lastActivityAt: Date }[]> {
  const cutoff = sql`${input.cutoff.toISOString()}::timestamptz`;
  const paidOutOrOpen = db
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, applications.customerId),
        or(isNotNull(orders.disbursedAt), eq(orders.outstanding, true)),
      ),
    );
  const alreadyErased = db
    .select({ one: sql`1` })
    .from(retentionRecords)
    .where(
      and(
        eq(retentionRecords.customerId, applications.customerId),
        or(ne(retentionRecords.status, 'erased'), sql`${retentionRecords.erasedAt} >= ${lastActivity}`),
      ),
    );
  return db
    .select({
      customerId: applications.customerId,
      applicationId: applications.id,
      lastActivityAt: lastActivity,
    })
    .from(applications)
    .where(
      and(
        input.customerId ? eq(applications.customerId, input.customerId) : undefined,
        notExists(paidOutOrOpen),
        notExists(alreadyErased),
        sql`${lastActivity} < ${cutoff}`,
      ),
    )
    .orderBy(asc(lastActivity), asc(applications.id))
    .limit(input.limit);
}

/**
 * Phase one, in one transaction per applicant: re-checks they are still due (locking the
 * application row), then erases their identity data from the database — the sealed ID number and
 * its hash and last digits, every application step (names, birth date, addresses, contacts, work,
 * payout account), the photo rows' storage keys and check results — marks the record `erasing`
 * with the objects still to delete, and writes the audit entry. What must be kept stays: the
 * application row and its status, its history, the consents, the decision and its reason codes,
 * the AML screening records, the customer's login phone number.
 */
async function eraseFromDatabase(
  ctx: RetentionContext,
  candidate: { customerId: string; applicationId: string },
  cutoff: Date,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.id, candidate.applicationId))
      .for('update');
    const [still] = await dueApplicants(tx, { cutoff, limit: 1, customerId: candidate.customerId });
    if (!still) return false;
    const now = ctx.clock.now();

    const photoRows = await tx
      .select({ id: photos.id, storageKey: photos.storageKey })
      .from(photos)
      .where(and(eq(photos.customerId, candidate.customerId), ne(photos.status, 'erased')))
      .for('update');
    if (photoRows.length)
      await tx
        .update(photos)
        .set({ status: 'erased', storageKey: '', contentHash: '', checks: null })
        .where(
          inArray(
            photos.id,
            photoRows.map((p) => p.id),
          ),
        );
    const keys = photoRows.map((p) => p.storageKey).filter((k) => k !== '');
    const [sealed] = await tx
      .select({ sealed: applications.sensitiveSealed, hash: applications.idNumberHash })
      .from(applications)
      .where(eq(applications.id, candidate.applicationId));
    await tx
      .update(applications)
      .set({ sensitiveSealed: null, idNumberHash: null, idNumberLast4: null })
      .where(eq(applications.id, candidate.applicationId));
    const steps = await tx
      .delete(applicationSteps)
      .where(eq(applicationSteps.applicationId, candidate.applicationId))
      .returning({ step: applicationSteps.step });

    const summary: RetentionErasureSummary = {
      sealedIdNumber: Boolean(sealed?.sealed || sealed?.hash),
      photos: photoRows.length,
      storageObjects: 0,
      applicationSteps: steps.map((s) => s.step).sort(),
    };
    const lastActivityAt = still.lastActivityAt;
    const keepUntil = applicantKeepUntil(manilaDate(lastActivityAt), ctx.inactiveApplicantDays);
    const values = {
      basis: 'inactive_applicant',
      status: 'erasing',
      lastActivityAt,
      keepUntil,
      computedAt: now,
      startedAt: now,
      erasedAt: null,
      pendingStorageKeys: keys,
      erased: summary,
    };
    await tx
      .insert(retentionRecords)
      .values({ customerId: candidate.customerId, ...values })
      .onConflictDoUpdate({ target: retentionRecords.customerId, set: values });
    await recordAudit(tx, ctx.clock, ACTOR, {
      action: 'retention.erase',
      targetType: 'customer',
      targetId: candidate.customerId,
      after: { ...summary, objectsToDelete: keys.length },
      detail: { basis: 'inactive_applicant', lastActivityAt: lastActivityAt.toISOString(), keepUntil },
    });
    return true;
  });
}

/**
 * Phase two: deletes the photo objects of every record left `erasing` (this run's, or a crashed
 * run's), then marks it `erased`. Deleting a missing object is not an error, so a repeat is safe.
 */
async function finishErasures(ctx: RetentionContext): Promise<number> {
  let finished = 0;
  for (;;) {
    const pending = await ctx.db
      .select()
      .from(retentionRecords)
      .where(eq(retentionRecords.status, 'erasing'))
      .orderBy(asc(retentionRecords.startedAt))
      .limit(ctx.batchSize);
    for (const record of pending) {
      const keys = record.pendingStorageKeys ?? [];
      for (const key of keys) await ctx.storage.delete(key);
      await ctx.db
        .update(retentionRecords)
        .set({
          status: 'erased',
          erasedAt: ctx.clock.now(),
          pendingStorageKeys: null,
          erased: record.erased ? { ...record.erased, storageObjects: keys.length } : null,
        })
        .where(
          and(eq(retentionRecords.customerId, record.customerId), eq(retentionRecords.status, 'erasing')),
        );
      finished++;
    }
    if (pending.length < ctx.batchSize) return finished;
  }
}

/**
 * Records the retention date of paid-out borrowers (5 years after their last loan closed; none
 * while one is open) whose loans changed since it was last computed. Nothing is erased for them.
 */
async function recordBorrowerDates(ctx: RetentionContext): Promise<number> {
  let recorded = 0;
  for (;;) {
    const stale = await ctx.db
      .select({
        customerId: orders.customerId,
        lastChange: sql<Date>`max(${orders.updatedAt})`.mapWith(orders.updatedAt),
      })
      .from(orders)
      .groupBy(orders.customerId)
      .having(
        and(
          sql`bool_or(${orders.disbursedAt} is not null)`,
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(retentionRecords)
              .where(
                and(
                  eq(retentionRecords.customerId, orders.customerId),
                  eq(retentionRecords.basis, 'aml_5_years'),
                  sql`${retentionRecords.lastActivityAt} >= max(${orders.updatedAt})`,
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(orders.customerId))
      .limit(ctx.batchSize);
    for (const { customerId, lastChange } of stale) {
      const facts = await retentionFactsFor(ctx.db, customerId);
      const keepUntil = retentionPlan(facts).find((d) => d.category === 'identity')?.keepUntil ?? null;
      const values = {
        basis: 'aml_5_years',
        status: 'kept',
        lastActivityAt: lastChange,
        keepUntil,
        computedAt: ctx.clock.now(),
        startedAt: null,
        erasedAt: null,
        pendingStorageKeys: null,
      };
      await ctx.db
        .insert(retentionRecords)
        .values({ customerId, ...values })
        .onConflictDoUpdate({ target: retentionRecords.customerId, set: values });
      recorded++;
    }
    if (stale.length < ctx.batchSize) return recorded;
  }
}

/**
 * The retention job (BE-12, RA 10173 s.11(e)): erases the identity data of applicants who were
 * never paid out and have been inactive longer than the retention period, in batches; finishes
 * first whatever a crashed run left half-way; then records the retention dates of paid-out
 * borrowers. Safe to run twice and to stop anywhere: every step is keyed on the record's status.
 * `maxBatches` bounds one run (tests stop between batches with it).
 */
export async function applyRetention(
  ctx: RetentionContext,
  input: { maxBatches?: number } = {},
): Promise<RetentionRun> {
  const run: RetentionRun = { erased: 0, finished: 0, recorded: 0, batches: 0 };
  run.finished += await finishErasures(ctx);
  const today = manilaDate(ctx.clock.now());
  // inactive since before the start of (today − period), Manila: their last kept day has passed
  const cutoff = new Date(`${addDays(today, -ctx.inactiveApplicantDays)}T00:00:00+08:00`);
  while (run.batches < (input.maxBatches ?? Infinity)) {
    const batch = await dueApplicants(ctx.db, { cutoff, limit: ctx.batchSize });
    if (batch.length === 0) break;
    for (const candidate of batch) if (await eraseFromDatabase(ctx, candidate, cutoff)) run.erased++;
    run.finished += await finishErasures(ctx);
    run.batches++;
    if (batch.length < ctx.batchSize) break;
  }
  run.recorded = await recordBorrowerDates(ctx);
  if (run.erased || run.finished) ctx.log.info({ ...run }, 'retention: inactive applicants erased');
  return run;
}
