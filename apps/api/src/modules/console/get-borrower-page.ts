import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  BALANCE_PARTS,
  outstandingOf,
  renderMessage,
  totalOf,
  type BorrowerPageResponse,
  type MessageEvent,
} from '@pisonow/domain';
import {
  applicationDecisions,
  applicationSteps,
  applications,
  consents,
  customers,
  ledgerEntries,
  ledgerTransactions,
  loanTransactions,
  messages,
  orders,
  payouts,
  photos,
  repayments,
  sessions,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { signPhotoLink } from '../photos/photo-link-token.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { nameOf } from './search-borrowers.ts';
import { HISTORY_ORDER } from '../servicing/loan-record.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** the newest messages shown; the borrower's message centre pages through the rest */
const MESSAGES_SHOWN = 100;

/**
 * GET /api/console/borrowers/:customerId: everything about one borrower on one page (BE-08): profile
 * and application steps, photos as short-lived signed links (the borrower's own link format), every
 * decision with each rule's outcome, orders with their loan history, ledger lines and balance,
 * repayments, messages (as read in English), consents and sessions. ID numbers stay sealed: only the last four are shown.
 * One audit entry per view.
 */
export async function getBorrowerPage(
  ctx: ConsoleContext,
  input: { actor: Actor; customerId: string },
): Promise<BorrowerPageResponse> {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) {
    await recordAudit(ctx.db, ctx.clock, input.actor, {
      action: 'borrower.view',
      targetType: 'customer',
      targetId: input.customerId,
      outcome: 'not_found',
    });
    throw new AppError('NOT_FOUND');
  }
  const [application] = await ctx.db
    .select()
    .from(applications)
    .where(eq(applications.customerId, customer.id));
  const [steps, photoRows, decisions, orderRows, repaymentRows, consentRows, sessionRows, messageRows] =
    await Promise.all([
      application
        ? ctx.db
            .select()
            .from(applicationSteps)
            .where(eq(applicationSteps.applicationId, application.id))
            .orderBy(asc(applicationSteps.completedAt))
        : Promise.resolve([]),
      ctx.db.select().from(photos).where(eq(photos.customerId, customer.id)).orderBy(desc(photos.createdAt)),
      ctx.db
        .select()
        .from(applicationDecisions)
        .where(eq(applicationDecisions.customerId, customer.id))
        .orderBy(desc(applicationDecisions.decidedAt)),
      ctx.db.select().from(orders).where(eq(orders.customerId, customer.id)).orderBy(desc(orders.createdAt)),
      ctx.db
        .select()
        .from(repayments)
        .where(eq(repayments.customerId, customer.id))
        .orderBy(desc(repayments.createdAt)),
      ctx.db
        .select()
        .from(consents)
        .where(eq(consents.customerId, customer.id))
        .orderBy(asc(consents.acceptedAt)),
      ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.customerId, customer.id))
        .orderBy(desc(sessions.createdAt)),
      ctx.db
        .select()
        .from(messages)
        .where(eq(messages.customerId, customer.id))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(MESSAGES_SHOWN),
    ]);
  const orderIds = orderRows.map((o) => o.id);
  const [history, ledger, payoutRows] = orderIds.length
    ? await Promise.all([
        ctx.db
          .select()
          .from(loanTransactions)
          .where(inArray(loanTransactions.orderId, orderIds))
          .orderBy(...HISTORY_ORDER),
        ctx.db
          .select({
            orderId: ledgerEntries.orderId,
            transactionId: ledgerEntries.transactionId,
            account: ledgerEntries.account,
            amount: ledgerEntries.amount,
            kind: ledgerTransactions.kind,
            postedAt: ledgerTransactions.postedAt,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
          .where(inArray(ledgerEntries.orderId, orderIds))
          .orderBy(asc(ledgerTransactions.postedAt)),
        ctx.db.select().from(payouts).where(inArray(payouts.orderId, orderIds)).orderBy(asc(payouts.attempt)),
      ])
    : [[], [], []];

  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ctx.photoLinkSeconds;
  const identity = steps.find((s) => s.step === 'identityInfo')?.data;
  const page: BorrowerPageResponse = {
    customer: {
      id: customer.id,
      phone: customer.phone,
      name: nameOf(identity),
      registeredAt: customer.registeredAt.toISOString(),
      registrationIp: customer.registrationIp,
    },
    application: application
      ? {
          id: application.id,
          status: application.status,
          submittedAt: iso(application.submittedAt),
          submissionCount: application.submissionCount,
          idType: application.idType,
          idNumberLast4: application.idNumberLast4,
          steps: steps.map((s) => ({ step: s.step, completedAt: s.completedAt.toISOString(), data: s.data })),
        }
      : null,
    photos: photoRows.map((p) => {
      const url =
        p.status === 'accepted'
          ? `/api/photos/files/${signPhotoLink(ctx.secretKey, { photoId: p.id, customerId: customer.id, exp })}`
          : null;
      return {
        id: p.id,
        kind: p.kind,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        url,
        expiresAt: url ? new Date(exp * 1000).toISOString() : null,
      };
    }),
    decisions: decisions.map((d) => ({
      id: d.id,
      submission: d.submission,
      outcome: d.outcome,
      creditLimit: d.creditLimit === null ? null : String(d.creditLimit),
      reason: d.reason,
      retryAt: iso(d.retryAt),
      decidedAt: d.decidedAt.toISOString(),
      rules: d.rules,
    })),
    orders: orderRows.map((o) => {
      const mine = history.filter((t) => t.orderId === o.id);
      const outstanding = outstandingOf(
        mine.map((t) => ({
          portions: {
            principal: t.principal,
            interest: t.interest,
            fees: t.fees,
            lateCharge: t.lateCharge,
            penalty: t.penalty,
          },
        })),
      );
      return {
        id: o.id,
        status: o.status,
        principal: String(o.principal),
        termDays: o.termDays,
        netProceeds: String(o.netProceeds),
        totalRepayment: String(o.totalRepayment),
        createdAt: o.createdAt.toISOString(),
        disbursedAt: iso(o.disbursedAt),
        dueDate: o.dueDate,
        balance: {
          ...(Object.fromEntries(BALANCE_PARTS.map((p) => [p, String(outstanding[p])])) as Record<
            (typeof BALANCE_PARTS)[number],
            string
          >),
          total: String(totalOf(outstanding)),
        },
        transactions: mine.map((t) => ({
          type: t.type,
          businessDate: t.businessDate,
          principal: String(t.principal),
          interest: String(t.interest),
          fees: String(t.fees),
          lateCharge: String(t.lateCharge),
          penalty: String(t.penalty),
          cash: String(t.cash),
          createdAt: t.createdAt.toISOString(),
        })),
        ledger: ledger
          .filter((l) => l.orderId === o.id)
          .map((l) => ({
            transactionId: l.transactionId,
            kind: l.kind,
            postedAt: l.postedAt.toISOString(),
            account: l.account,
            amount: String(l.amount),
          })),
        payouts: payoutRows
          .filter((p) => p.orderId === o.id)
          .map((p) => ({
            attempt: p.attempt,
            state: p.state,
            amount: String(p.amount),
            failureCode: p.failureCode,
            createdAt: p.createdAt.toISOString(),
          })),
      };
    }),
    repayments: repaymentRows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      purpose: r.purpose,
      channel: r.channel,
      amount: String(r.amount),
      amountReceived: r.amountReceived === null ? null : String(r.amountReceived),
      state: r.state,
      heldReason: r.heldReason,
      paidAt: iso(r.paidAt),
      createdAt: r.createdAt.toISOString(),
    })),
    messages: messageRows.map((m) => {
      const { title, body } = renderMessage(m.event as MessageEvent, m.params, 'en-US');
      return {
        id: m.id,
        kind: m.kind,
        event: m.event,
        title,
        body,
        orderId: m.orderId,
        readAt: iso(m.readAt),
        createdAt: m.createdAt.toISOString(),
      };
    }),
    consents: consentRows.map((c) => ({
      kind: c.kind,
      policyVersion: c.policyVersion,
      acceptedAt: c.acceptedAt.toISOString(),
      ip: c.ip,
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: iso(s.revokedAt),
      ip: s.ip,
      userAgent: s.userAgent,
    })),
  };
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'borrower.view',
    targetType: 'customer',
    targetId: customer.id,
  });
  return page;
}
