import { and, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  withinCollectionHours,
  type CollectionContactRequest,
  type CollectionLogResponse,
} from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import {
  applicationSteps,
  applications,
  collectionContacts,
  customers,
  orders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ReviewContext } from './review-context.ts';

/**
 * The only points a collector may use (SEC MC 18 s.2019): the borrower's own registered phone and
 * the e-mail they gave. Emergency contacts and references are never read here.
 */
async function ownContactPoints(db: Db, customerId: string) {
  const [customer] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;
  const [base] = await db
    .select({ data: applicationSteps.data })
    .from(applicationSteps)
    .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
    .where(and(eq(applications.customerId, customerId), eq(applicationSteps.step, 'baseInfo')));
  const email = (base?.data as { email?: unknown } | undefined)?.email;
  return { phone: customer.phone, email: typeof email === 'string' && email ? email : null };
}

const view = (row: typeof collectionContacts.$inferSelect) => ({
  id: row.id,
  channel: row.channel as CollectionLogResponse['contacts'][number]['channel'],
  contactPoint: row.contactPoint,
  contactedAt: row.contactedAt.toISOString(),
  outcome: row.outcome as CollectionLogResponse['contacts'][number]['outcome'],
  note: row.note,
  orderId: row.orderId,
  recordedBy: row.recordedByEmail,
  recordedAt: row.recordedAt.toISOString(),
});

/** GET /api/console/borrowers/:customerId/collection-contacts: the log, newest first; one audit entry. */
export async function listCollectionContacts(
  ctx: ReviewContext,
  input: { actor: Actor; customerId: string },
): Promise<CollectionLogResponse> {
  const points = await ownContactPoints(ctx.db, input.customerId);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'collections.log.view',
    targetType: 'customer',
    targetId: input.customerId,
    outcome: points ? 'ok' : 'not_found',
  });
  if (!points) throw new AppError('NOT_FOUND');
  const rows = await ctx.db
    .select()
    .from(collectionContacts)
    .where(eq(collectionContacts.customerId, input.customerId))
    .orderBy(desc(collectionContacts.contactedAt), desc(collectionContacts.recordedAt));
  return { contactPoints: points, contacts: rows.map(view) };
}

/**
 * POST /api/console/borrowers/:customerId/collection-contacts: records one contact. Refused, with
 * nothing written, when the contact time (the server's clock unless given) is outside 06:00–22:00
 * Manila or in the future. The contact point is the borrower's own phone (call, SMS) or e-mail;
 * a visit has none. Audited in the same transaction.
 */
export async function recordCollectionContact(
  ctx: ReviewContext,
  input: { actor: Actor; customerId: string; request: CollectionContactRequest },
): Promise<CollectionLogResponse['contacts'][number]> {
  const { actor, customerId, request } = input;
  const now = ctx.clock.now();
  const contactedAt = request.contactedAt ? new Date(request.contactedAt) : now;
  if (contactedAt > now)
    throw new AppError('DATE_INVALID', { details: [{ field: 'contactedAt', code: 'DATE_INVALID' }] });
  if (!withinCollectionHours(contactedAt)) {
    await recordAudit(ctx.db, ctx.clock, actor, {
      action: 'collections.contact.record',
      targetType: 'customer',
      targetId: customerId,
      outcome: 'failed',
      detail: { failure: 'outside collection hours', contactedAt: contactedAt.toISOString() },
    });
    throw new AppError('CONTACT_OUTSIDE_HOURS');
  }
  const points = await ownContactPoints(ctx.db, customerId);
  if (!points) throw new AppError('NOT_FOUND');
  if (request.orderId) {
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.customerId, customerId)));
    if (!order) throw new AppError('NOT_FOUND');
  }
  const contactPoint =
    request.channel === 'call' || request.channel === 'sms'
      ? points.phone
      : request.channel === 'email'
        ? points.email
        : null;
  if (request.channel === 'email' && !contactPoint)
    throw new AppError('EMAIL_INVALID', { details: [{ field: 'channel', code: 'EMAIL_INVALID' }] });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(collectionContacts)
      .values({
        id: randomUUID(),
        customerId,
        orderId: request.orderId ?? null,
        channel: request.channel,
        contactPoint,
        contactedAt,
        outcome: request.outcome,
        note: request.note,
        recordedBy: actor.operatorId!,
        recordedByEmail: actor.email ?? '',
        recordedAt: now,
      })
      .returning();
    await recordAudit(tx, ctx.clock, actor, {
      action: 'collections.contact.record',
      targetType: 'customer',
      targetId: customerId,
      after: {
        id: row!.id,
        channel: request.channel,
        outcome: request.outcome,
        contactedAt: contactedAt.toISOString(),
      },
      detail: { orderId: request.orderId ?? null },
    });
    return view(row!);
  });
}
