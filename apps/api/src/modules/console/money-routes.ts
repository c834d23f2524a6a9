import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalItem,
  approvalQueueResponse,
  loanCancelRequest,
  loanCancelResponse,
  loanMoneyResponse,
  payoutActionResponse,
  payoutCancelRequest,
  payoutUnwindRequest,
  payoutUnwindResponse,
  payoutQueueResponse,
  payoutRetryRequest,
  refundCurrentAccountRequest,
  refundExecutedRequest,
  refundReturnedRequest,
  refundCancelRequest,
  refundItem,
  refundQueueResponse,
  suspenseApplyRequest,
  suspenseQueueResponse,
  suspenseRefundRequest,
  suspenseResolutionResponse,
  unmatchedAssignRequest,
  unmatchedAssignResponse,
  unmatchedRefundRequest,
  unmatchedRefundResponse,
  unmatchedPreviewRequest,
  unmatchedPreviewResponse,
  unmatchedUndoRequest,
  unmatchedUndoResponse,
  waiverRequest,
  waiverResponse,
  writeOffRequest,
  hardshipPlanRequest,
  hardshipPlanResponse,
  writeOffResponse,
} from '@pisonow/domain';
import { errorSchema } from '../../lib/http.ts';
import { requiredIdempotencyKey } from '../../plugins/app/idempotency.ts';
import { actorOf } from '../../plugins/app/operator-auth.ts';
import { cancelLoan, decideApproval, getLoanMoney, listApprovals, waiveCharges } from './loan-money.ts';
import { moneyContext } from './money-context.ts';
import { assignUnmatchedPayment, previewUnmatchedAssignment } from './assign-unmatched-payment.ts';
import { undoUnmatchedAssignment } from './undo-unmatched-assignment.ts';
import { draftPayerRefund } from './refund-unmatched-payment.ts';
import { requestWriteOff } from './write-off-loan.ts';
import { requestHardshipPlan } from './hardship-plan.ts';
import { cancelPayout, listPayoutQueue, retryPayout, unwindReversedPayout } from './payout-queue.ts';
import {
  applySuspense,
  cancelPayerRefund,
  listRefunds,
  listSuspense,
  markRefundExecuted,
  markRefundReturned,
  refundSuspense,
  useCurrentRefundAccount,
} from './suspense.ts';

const tags = ['console'];
const security = [{ consoleCookie: [] }];
const denied = { 401: errorSchema, 403: errorSchema };
const refused = { 400: errorSchema, 404: errorSchema, 409: errorSchema, ...denied };
const orderParams = z.object({ orderId: z.uuid({ error: 'NOT_FOUND' }) });
const repaymentParams = z.object({ repaymentId: z.uuid({ error: 'NOT_FOUND' }) });
const refundParams = z.object({ refundId: z.uuid({ error: 'NOT_FOUND' }) });
const requestParams = z.object({ requestId: z.uuid({ error: 'NOT_FOUND' }) });
const unmatchedParams = z.object({ unmatchedId: z.uuid({ error: 'NOT_FOUND' }) });

/**
 * The finance role's money operations (issue 11, CO-05, BE-05) under /api/console/money: payouts,
 * suspense and refunds, cancellation within 24 hours, waivers with maker-checker. Roles come from
 * CONSOLE_ACCESS like every console route (operator-auth); HTTP only here.
 */
const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = moneyContext(app);

  app.get(
    '/console/money/payouts',
    {
      schema: {
        tags,
        summary: 'Payouts for finance: failed orders, and attempts accepted but unconfirmed for too long',
        security,
        response: { 200: payoutQueueResponse, ...denied },
      },
    },
    async (request) => listPayoutQueue(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/money/payouts/:orderId/retry',
    {
      schema: {
        tags,
        summary: 'Pays a failed order out again as a new attempt to the same account (audited)',
        security,
        params: orderParams,
        body: payoutRetryRequest,
        response: { 200: payoutActionResponse, ...refused },
      },
    },
    async (request) =>
      retryPayout(ctx, { actor: actorOf(request), orderId: request.params.orderId, ...request.body }),
  );

  app.post(
    '/console/money/payouts/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels a failed order: it is not paid out; the borrower is told (audited)',
        security,
        params: orderParams,
        body: payoutCancelRequest,
        response: { 200: payoutActionResponse, ...refused },
      },
    },
    async (request) =>
      cancelPayout(ctx, { actor: actorOf(request), orderId: request.params.orderId, ...request.body }),
  );

  app.post(
    '/console/money/payouts/:orderId/unwind',
    {
      schema: {
        tags,
        summary:
          'Undoes a loan whose transfer came back after the borrower paid: cancelled, payments refunded (audited)',
        security,
        params: orderParams,
        body: payoutUnwindRequest,
        response: { 200: payoutUnwindResponse, ...refused },
      },
    },
    async (request) =>
      unwindReversedPayout(ctx, {
        actor: actorOf(request),
        orderId: request.params.orderId,
        ...request.body,
      }),
  );

  app.get(
    '/console/money/suspense',
    {
      schema: {
        tags,
        summary:
          'Money held in suspense on repayments, not yet applied or refunded; money naming no borrower',
        security,
        response: { 200: suspenseQueueResponse, ...denied },
      },
    },
    async (request) => listSuspense(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/money/suspense/:repaymentId/apply',
    {
      schema: {
        tags,
        summary: "Applies held money to the borrower's loan as of the payer's paid-at time (audited)",
        security,
        params: repaymentParams,
        body: suspenseApplyRequest,
        response: { 200: suspenseResolutionResponse, ...refused },
      },
    },
    async (request) =>
      applySuspense(ctx, {
        actor: actorOf(request),
        repaymentId: request.params.repaymentId,
        ...request.body,
      }),
  );

  app.post(
    '/console/money/suspense/:repaymentId/refund',
    {
      schema: {
        tags,
        summary: 'Refunds held money: an outbound transfer for finance to execute (audited)',
        security,
        params: repaymentParams,
        body: suspenseRefundRequest,
        response: { 200: suspenseResolutionResponse, ...refused },
      },
    },
    async (request) =>
      refundSuspense(ctx, {
        actor: actorOf(request),
        repaymentId: request.params.repaymentId,
        reason: request.body.reason,
      }),
  );

  // a POST, though it changes nothing: the phone number typed stays out of URLs and access logs
  app.post(
    '/console/money/unmatched/:unmatchedId/preview',
    {
      schema: {
        tags,
        summary:
          'Shows whom an assignment of money naming no borrower would match it to (name, masked phone, loan), to confirm before assigning (audited)',
        security,
        params: unmatchedParams,
        body: unmatchedPreviewRequest,
        response: { 200: unmatchedPreviewResponse, ...refused },
      },
    },
    async (request) =>
      previewUnmatchedAssignment(ctx, {
        actor: actorOf(request),
        unmatchedId: request.params.unmatchedId,
        ...request.body,
      }),
  );

  app.post(
    '/console/money/unmatched/:unmatchedId/undo',
    {
      schema: {
        tags,
        summary:
          'Undoes a mistaken assignment while the held money it became is unresolved: the money names nobody again (audited)',
        security,
        params: unmatchedParams,
        body: unmatchedUndoRequest,
        response: { 200: unmatchedUndoResponse, ...refused },
      },
    },
    async (request) =>
      undoUnmatchedAssignment(ctx, {
        actor: actorOf(request),
        unmatchedId: request.params.unmatchedId,
        ...request.body,
      }),
  );

  app.post(
    '/console/money/unmatched/:unmatchedId/assign',
    {
      schema: {
        tags,
        summary:
          'Assigns money naming no borrower to the borrower who paid: it becomes their held money on one of their loans (audited; Idempotency-Key required, one per confirmed submission)',
        security,
        params: unmatchedParams,
        body: unmatchedAssignRequest,
        response: { 200: unmatchedAssignResponse, ...refused },
      },
    },
    async (request) =>
      assignUnmatchedPayment(ctx, {
        actor: actorOf(request),
        unmatchedId: request.params.unmatchedId,
        ...request.body,
        requestKey: requiredIdempotencyKey(request.headers),
      }),
  );

  app.post(
    '/console/money/unmatched/:unmatchedId/refund',
    {
      schema: {
        tags,
        summary:
          'Drafts a refund of money naming no borrower to its payer, who is no borrower, at the account they gave; it exists once a different admin approves it in the approvals queue (audited; Idempotency-Key required, one per confirmed submission)',
        security,
        params: unmatchedParams,
        body: unmatchedRefundRequest,
        response: { 200: unmatchedRefundResponse, ...refused },
      },
    },
    async (request) =>
      draftPayerRefund(ctx, {
        actor: actorOf(request),
        unmatchedId: request.params.unmatchedId,
        request: request.body,
        requestKey: requiredIdempotencyKey(request.headers),
      }),
  );

  app.get(
    '/console/money/refunds',
    {
      schema: {
        tags,
        summary: 'Refunds: those to execute first, then the latest executed',
        security,
        response: { 200: refundQueueResponse, ...denied },
      },
    },
    async (request) => listRefunds(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/console/money/refunds/:refundId/current-account',
    {
      schema: {
        tags,
        summary: "Sends a refund still to execute to the borrower's current payout account (audited)",
        security,
        params: refundParams,
        body: refundCurrentAccountRequest,
        response: { 200: refundItem, ...refused },
      },
    },
    async (request) =>
      useCurrentRefundAccount(ctx, {
        actor: actorOf(request),
        refundId: request.params.refundId,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/console/money/refunds/:refundId/returned',
    {
      schema: {
        tags,
        summary: 'Records that a refund transfer came back: owed again, to be sent again (audited)',
        security,
        params: refundParams,
        body: refundReturnedRequest,
        response: { 200: refundItem, ...refused },
      },
    },
    async (request) =>
      markRefundReturned(ctx, {
        actor: actorOf(request),
        refundId: request.params.refundId,
        ...request.body,
      }),
  );

  app.post(
    '/console/money/refunds/:refundId/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancels a refund to a payer who is no borrower that was not sent: its money names nobody again, to refund anew or assign (audited)',
        security,
        params: refundParams,
        body: refundCancelRequest,
        response: { 200: refundItem, ...refused },
      },
    },
    async (request) =>
      cancelPayerRefund(ctx, {
        actor: actorOf(request),
        refundId: request.params.refundId,
        ...request.body,
      }),
  );

  app.post(
    '/console/money/refunds/:refundId/executed',
    {
      schema: {
        tags,
        summary: 'Records that finance made the refund transfer: the money leaves the float (audited)',
        security,
        params: refundParams,
        body: refundExecutedRequest,
        response: { 200: refundItem, ...refused },
      },
    },
    async (request) =>
      markRefundExecuted(ctx, {
        actor: actorOf(request),
        refundId: request.params.refundId,
        transferReference: request.body.transferReference,
        attempt: request.body.attempt,
      }),
  );

  app.get(
    '/console/money/loans/:orderId',
    {
      schema: {
        tags,
        summary: "One loan's money: outstanding parts, cancellation window, waiver threshold",
        security,
        params: orderParams,
        response: { 200: loanMoneyResponse, 404: errorSchema, ...denied },
      },
    },
    async (request) => getLoanMoney(ctx, { actor: actorOf(request), orderId: request.params.orderId }),
  );

  app.post(
    '/console/money/loans/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'CO-05: cancels a loan within 24 hours with the returned money held in suspense (audited)',
        security,
        params: orderParams,
        body: loanCancelRequest,
        response: { 200: loanCancelResponse, ...refused },
      },
    },
    async (request) =>
      cancelLoan(ctx, { actor: actorOf(request), orderId: request.params.orderId, ...request.body }),
  );

  app.post(
    '/console/money/loans/:orderId/waivers',
    {
      schema: {
        tags,
        summary:
          'Waives late charge and penalty: at once up to the threshold, else drafted for a second admin (Idempotency-Key required)',
        security,
        params: orderParams,
        body: waiverRequest,
        response: { 200: waiverResponse, ...refused },
      },
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      return waiveCharges(ctx, {
        actor: actorOf(request),
        orderId: request.params.orderId,
        idempotencyKey: Array.isArray(header) ? header[0] : header,
        lateCharge: BigInt(request.body.lateCharge),
        penalty: BigInt(request.body.penalty),
        reason: request.body.reason,
      });
    },
  );

  app.post(
    '/console/money/loans/:orderId/write-off',
    {
      schema: {
        tags,
        summary:
          'Drafts the write-off of a loan at least 90 days past due, for an admin to approve (BE-15; one per loan)',
        security,
        params: orderParams,
        body: writeOffRequest,
        response: { 200: writeOffResponse, ...refused },
      },
    },
    async (request) =>
      requestWriteOff(ctx, {
        actor: actorOf(request),
        orderId: request.params.orderId,
        reason: request.body.reason,
      }),
  );

  app.post(
    '/console/money/loans/:orderId/hardship',
    {
      schema: {
        tags,
        summary:
          'Drafts a hardship plan: no charges from tomorrow through a date within 90 days, for an admin to approve (BE-15)',
        security,
        params: orderParams,
        body: hardshipPlanRequest,
        response: { 200: hardshipPlanResponse, ...refused },
      },
    },
    async (request) =>
      requestHardshipPlan(ctx, {
        actor: actorOf(request),
        orderId: request.params.orderId,
        until: request.body.until,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/console/money/approvals',
    {
      schema: {
        tags,
        summary: 'Maker-checker requests: pending first, then the latest decided',
        security,
        response: { 200: approvalQueueResponse, ...denied },
      },
    },
    async (request) => listApprovals(ctx, { actor: actorOf(request) }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/console/money/approvals/:requestId/${decision}`,
      {
        schema: {
          tags,
          summary: `${decision === 'approve' ? 'Approves (and applies)' : 'Rejects'} a request made by another operator (admin; audited)`,
          security,
          params: requestParams,
          response: { 200: approvalItem, ...refused },
        },
      },
      async (request) =>
        decideApproval(ctx, {
          actor: actorOf(request),
          requestId: request.params.requestId,
          decision: decision === 'approve' ? 'approved' : 'rejected',
        }),
    );
  }
};

export default moneyRoutes;
