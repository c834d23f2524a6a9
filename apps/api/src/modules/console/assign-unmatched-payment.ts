import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  REPAYMENT_PARTNERS,
  maskPhone,
  normalizePhone,
  type UnmatchedAssignResponse,
  type UnmatchedPreviewResponse,
} from '@pisonow/domain';
import type { Tx } from '../../db/client.ts';
import {
  applicationSteps,
  applications,
  customers,
  operators,
  orders,
  repayments,
  unmatchedResolutions,
} from '../../db/schema/index.ts';
import type { providerWebhooks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { postLedgerTransaction } from '../ledger/post-ledger-transaction.ts';
import type { Actor } from './audit.ts';
import { auditedAction, type MoneyContext } from './money-context.ts';
import { assignmentInForce, findUnmatched, payerRefundInForce } from './unmatched-money.ts';
import { nameOf } from './search-borrowers.ts';

/** who undid an assignment: operators joined a second time */
const undoer = alias(operators, 'undoer');

/**
 * POST /api/console/money/unmatched/:unmatchedId/assign (BE-05): money that named no borrower (a
 * payment link made in the provider's dashboard) is assigned by finance to the borrower who paid,
 * once they have found them (the payer called, sent the receipt). It becomes that borrower's held
 * money on one of their loans, exactly as the webhook holds a payment it cannot apply: a repayment
 * record `held` (reason `unmatched`) that the borrower sees, and the cash in suspense under their
 * loan. From there the existing held-money actions apply it to the loan or refund it to them, so
 * nothing here pays anyone: a second way of moving held money would be a second set of rules.
 *
 * Ledger: one balanced transaction moves the amount out of the suspense line that names nobody
 * into suspense on the borrower's loan (`suspense-assigned:<webhook record>`). Idempotent: the
 * webhook record is locked and its resolution is unique, so the same request again answers what
 * was done; naming another borrower or loan after it is done is refused (409).
 *
 * The console sends one Idempotency-Key per confirmed submission, kept with the assignment. A
 * retry of that submission arriving after finance undid the assignment (a network retry of the
 * mistaken "Confirm and assign") answers with that undone assignment and assigns nothing: without
 * the key it would find no assignment in force and give the money to the same wrong borrower
 * again. Finance assigning again after an undo is a new submission, with a new key.
 */
export async function assignUnmatchedPayment(
  ctx: MoneyContext,
  input: {
    actor: Actor;
    unmatchedId: string;
    borrower: string;
    orderId?: string | undefined;
    providerCode: string;
    reason: string;
    /** the submission's Idempotency-Key */
    requestKey: string;
  },
): Promise<UnmatchedAssignResponse> {
  const now = ctx.clock.now();
  const what = {
    action: 'money.unmatched.assign',
    targetType: 'unmatched_payment',
    targetId: input.unmatchedId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    // the row every submit for this money queues on: the first assigns, the rest find it done
    const { hook, posting } = await findUnmatched(tx, input.unmatchedId, { lock: true });

    const customerId = await findBorrower(tx, input.borrower);
    const order = await findLoan(tx, customerId, input.orderId);
    const sameAssignment = (r: typeof unmatchedResolutions.$inferSelect) =>
      r.customerId === customerId && (input.orderId === undefined || r.orderId === order.id);
    // this submission already made its assignment: answered as it stands, undone or not
    const [made] = await tx
      .select({ resolution: unmatchedResolutions, by: operators.email, undoneBy: undoer.email })
      .from(unmatchedResolutions)
      .innerJoin(operators, eq(operators.id, unmatchedResolutions.operatorId))
      .leftJoin(undoer, eq(undoer.id, unmatchedResolutions.undoneBy))
      .where(
        and(
          eq(unmatchedResolutions.webhookId, hook.id),
          eq(unmatchedResolutions.requestKey, input.requestKey),
        ),
      );
    if (made) {
      // the key of one submission sent with another borrower or loan is a client's mistake
      if (!sameAssignment(made.resolution)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return {
        result: view(hook.id, made.resolution, made.by, made.undoneBy),
        audit: {
          replayed: true,
          detail: { reason: input.reason, undone: made.resolution.undoneAt !== null },
        },
      };
    }
    // the assignment in force, if any: one undone since no longer holds the money anywhere
    const [done] = await tx
      .select({ resolution: unmatchedResolutions, by: operators.email })
      .from(unmatchedResolutions)
      .innerJoin(operators, eq(operators.id, unmatchedResolutions.operatorId))
      .where(and(eq(unmatchedResolutions.webhookId, hook.id), isNull(unmatchedResolutions.undoneAt)));
    if (done) {
      // the same borrower (and loan, when named) again is a double submit; anyone else is a conflict
      if (!sameAssignment(done.resolution)) throw new AppError('UNMATCHED_ALREADY_RESOLVED');
      return {
        result: view(hook.id, done.resolution, done.by, null),
        audit: { replayed: true, detail: { reason: input.reason } },
      };
    }

    // a refund to its payer drafted or made resolves the money too (refund-unmatched-payment.ts)
    if (await payerRefundInForce(tx, hook.id)) throw new AppError('UNMATCHED_ALREADY_RESOLVED');

    const amount = posting.amount;
    const partner = REPAYMENT_PARTNERS.find((p) => p.providerCode === input.providerCode);
    if (!partner) throw new AppError('VALIDATION_FAILED');
    const repaymentId = randomUUID();
    await postLedgerTransaction(tx, {
      kind: 'suspense_assigned',
      // per assignment: money assigned, undone and assigned again moves again (assignments made
      // before undoing existed were keyed `suspense-assigned:<webhook record>`)
      idempotencyKey: `suspense-assigned:${hook.id}:${repaymentId}`,
      customerId,
      orderId: order.id,
      reference: repaymentId,
      entries: [
        { account: 'suspense', amount, customerId: null, orderId: null },
        { account: 'suspense', amount: -amount },
      ],
      at: now,
    });
    // Held like the webhook holds money it cannot apply, as of when the payer paid: BE-10 counts
    // held money as of paidAt when applied, so a webhook delivered days late costs the borrower no
    // penalty for the delay. The collection id is the receipt's reference; not
    // `provider_collection_id`, unique per provider, since a dashboard link can be paid twice and
    // each payment is assigned on its own.
    const paid = payersPaidAt(ctx.collections, hook);
    await tx.insert(repayments).values({
      id: repaymentId,
      orderId: order.id,
      customerId,
      purpose: 'full',
      channel: partner.channel,
      provider: hook.provider,
      providerCode: partner.providerCode,
      amount,
      state: 'held',
      heldReason: 'unmatched',
      amountReceived: amount,
      expiresAt: hook.receivedAt,
      paidAt: paid.at,
      channelReference: posting.reference,
      createdAt: now,
      updatedAt: now,
    });
    const resolution = {
      id: randomUUID(),
      webhookId: hook.id,
      action: 'assigned',
      customerId,
      orderId: order.id,
      repaymentId,
      amount,
      reason: input.reason,
      operatorId: input.actor.operatorId!,
      createdAt: now,
      requestKey: input.requestKey,
      undoneAt: null,
      undoReason: null,
    };
    await tx.insert(unmatchedResolutions).values(resolution);
    const [me] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, input.actor.operatorId!));
    return {
      result: view(hook.id, resolution, me?.email ?? '', null),
      audit: {
        before: { resolution: null },
        after: { action: 'assigned', customerId, orderId: order.id, repaymentId },
        detail: {
          reason: input.reason,
          amount: amount.toString(),
          provider: hook.provider,
          providerCollectionId: posting.reference,
          providerCode: partner.providerCode,
          paidAt: paid.at.toISOString(),
          paidAtFrom: paid.from,
        },
      },
    };
  });
}

/**
 * When the payer paid (BE-10), read again from the event as stored, by the provider adapter that
 * read it on arrival (the same parser, so the same rules: Xendit's capture time, the sandbox's
 * paid_at), never later than its arrival. Only the raw event was kept for money naming no loan of
 * ours; re-reading it needs no copy that could disagree with it. An event the configured adapter
 * cannot read (a provider since replaced) counts as of its arrival, the latest the payer can have
 * paid, and the audit entry says so.
 */
export function payersPaidAt(
  collections: MoneyContext['collections'],
  hook: typeof providerWebhooks.$inferSelect,
): { at: Date; from: 'payer' | 'arrival' } {
  if (hook.provider === collections.name && hook.body != null) {
    const event = collections.readStoredWebhook(JSON.stringify(hook.body));
    if (event?.state === 'paid' && event.providerEventId === hook.providerEventId)
      return { at: event.paidAt <= hook.receivedAt ? event.paidAt : hook.receivedAt, from: 'payer' };
  }
  return { at: hook.receivedAt, from: 'arrival' };
}

/**
 * POST /api/console/money/unmatched/:unmatchedId/preview (BE-05): whom an assignment would match
 * the money to, before finance commits it: the borrower found by the phone or id typed (their name
 * when they gave one, their phone masked) and the loan it would be held on, by the very rules the
 * assignment uses. A typo in a phone number shows as a stranger's name here instead of becoming
 * that stranger's held money. Changes nothing; audited as a view of the borrower's data.
 */
export async function previewUnmatchedAssignment(
  ctx: MoneyContext,
  input: { actor: Actor; unmatchedId: string; borrower: string; orderId?: string | undefined },
): Promise<UnmatchedPreviewResponse> {
  const what = {
    action: 'money.unmatched.preview',
    targetType: 'unmatched_payment',
    targetId: input.unmatchedId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const { hook, posting } = await findUnmatched(tx, input.unmatchedId, { lock: false });
    if ((await assignmentInForce(tx, hook.id)) || (await payerRefundInForce(tx, hook.id)))
      throw new AppError('UNMATCHED_ALREADY_RESOLVED');
    const customerId = await findBorrower(tx, input.borrower);
    const { id: orderId } = await findLoan(tx, customerId, input.orderId);
    const [who] = await tx
      .select({ phone: customers.phone, identity: applicationSteps.data })
      .from(customers)
      .leftJoin(applications, eq(applications.customerId, customers.id))
      .leftJoin(
        applicationSteps,
        and(eq(applicationSteps.applicationId, applications.id), eq(applicationSteps.step, 'identityInfo')),
      )
      .where(eq(customers.id, customerId))
      .limit(1);
    const [loan] = await tx
      .select({
        status: orders.status,
        principal: orders.principal,
        disbursedAt: orders.disbursedAt,
        dueDate: orders.dueDate,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    return {
      result: {
        id: hook.id,
        amount: posting.amount.toString(),
        paidAt: payersPaidAt(ctx.collections, hook).at.toISOString(),
        customerId,
        name: nameOf(who?.identity),
        phoneMasked: maskPhone(who?.phone ?? ''),
        orderId,
        loan: {
          status: loan!.status,
          principal: loan!.principal.toString(),
          disbursedAt: loan!.disbursedAt!.toISOString(),
          dueDate: loan!.dueDate,
        },
      },
      // who was shown, never what was typed (a phone number is personal data; see borrower search)
      audit: { detail: { customerId, orderId } },
    };
  });
}

/** A customer id, or a phone number in any typed form (as the console's borrower search reads it). */
async function findBorrower(tx: Tx, borrower: string): Promise<string> {
  const q = borrower.trim();
  const phone = normalizePhone(q);
  const [found] = isUuid(q)
    ? await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, q.toLowerCase()))
    : /^\d{10}$/.test(phone)
      ? await tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone))
      : [];
  if (!found) throw new AppError('UNMATCHED_BORROWER_NOT_FOUND');
  return found.id;
}

/**
 * The loan named, which must be the borrower's and paid out; else their latest loan paid out (the
 * money the payer sent is most likely for it). A held repayment belongs to a loan, so a borrower
 * with none paid out cannot hold money: on an order still being paid out, or whose payout failed,
 * Apply could never take it (there is nothing owed yet), and the money would be stuck there.
 */
async function findLoan(tx: Tx, customerId: string, orderId: string | undefined) {
  const [order] = orderId
    ? await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), isNotNull(orders.disbursedAt)))
    : await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), isNotNull(orders.disbursedAt)))
        .orderBy(desc(orders.disbursedAt))
        .limit(1);
  if (!order) throw new AppError('UNMATCHED_LOAN_NOT_FOUND');
  return order;
}

function view(
  id: string,
  r: {
    customerId: string;
    orderId: string;
    repaymentId: string;
    amount: bigint;
    createdAt: Date;
    undoneAt: Date | null;
    undoReason: string | null;
  },
  by: string,
  undoneBy: string | null,
): UnmatchedAssignResponse {
  return {
    id,
    customerId: r.customerId,
    orderId: r.orderId,
    repaymentId: r.repaymentId,
    amount: r.amount.toString(),
    assignedBy: by,
    assignedAt: r.createdAt.toISOString(),
    undone: r.undoneAt
      ? { by: undoneBy ?? '', at: r.undoneAt.toISOString(), reason: r.undoReason ?? '' }
      : null,
  };
}
