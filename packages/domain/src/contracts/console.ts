import { z } from 'zod';
import { checkPayoutAccount } from '../application/contracts.ts';
import { digitsOnly } from '../application/text-rules.ts';
import { reportingMonth } from './reports.ts';
import { REPAYMENT_PARTNER_CODES } from './servicing.ts';

/**
 * The operator console (issue 11, BE-08, RO-04): roles, and the contracts of its endpoints.
 * Amounts are centavo strings, times ISO strings, as everywhere else.
 */
export const OPERATOR_ROLES = ['support', 'underwriter', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

const centavos = z.string().regex(/^-?\d+$/);
const iso = z.string();

export const consoleSignInRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { error: 'EMAIL_INVALID' })
    .pipe(z.email({ error: 'EMAIL_INVALID' })),
  password: z.string().min(1, { error: 'REQUIRED' }).max(256),
  code: z.string().regex(/^\d{6}$/, { error: 'OTP_FORMAT' }),
});
export type ConsoleSignInRequest = z.input<typeof consoleSignInRequest>;

export const consoleOperator = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type ConsoleOperator = z.infer<typeof consoleOperator>;

/** The CSRF token is sent back in `x-csrf-token` on every non-GET console request. */
export const consoleSessionResponse = z.object({
  operator: consoleOperator,
  csrfToken: z.string(),
  idleTimeoutSeconds: z.number().int(),
});
export type ConsoleSessionResponse = z.infer<typeof consoleSessionResponse>;

export const consoleDashboardResponse = z.object({
  /** Manila calendar date the "today" counts are for */
  date: z.string(),
  today: z.object({
    applications: z.number().int(),
    approvals: z.number().int(),
    disbursements: z.number().int(),
    collections: z.number().int(),
  }),
  /** portfolio at risk: outstanding principal of loans more than 30 days past due, over all outstanding principal */
  portfolioAtRisk: z.object({
    outstandingPrincipal: centavos,
    atRisk30Principal: centavos,
    /** PAR30 in basis points (1234 = 12.34 %) */
    par30Bp: z.number().int(),
  }),
  /** the last 30 Manila days, oldest first, today last */
  last30Days: z.array(
    z.object({
      date: z.string(),
      applications: z.number().int(),
      approvals: z.number().int(),
      disbursements: z.number().int(),
      collections: z.number().int(),
    }),
  ),
  /**
   * Open loans per configured days-past-due bucket, best to worst, as the servicing day job last
   * classified them (`classifiedOn`, null before its first run).
   */
  loansByDpd: z.array(
    z.object({
      bucket: z.string(),
      minDays: z.number().int(),
      maxDays: z.number().int().nullable(),
      loans: z.number().int(),
    }),
  ),
  classifiedOn: z.string().nullable(),
});
export type ConsoleDashboardResponse = z.infer<typeof consoleDashboardResponse>;

export const borrowerSearchQuery = z.object({
  q: z.string().trim().min(2, { error: 'VALIDATION_FAILED' }).max(100),
});

export const borrowerSearchResult = z.object({
  customerId: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  applicationStatus: z.string().nullable(),
  idNumberLast4: z.string().nullable(),
  registeredAt: iso,
  /** what matched: phone, name, order, idLast4, idNumber */
  matchedBy: z.string(),
});
export const borrowerSearchResponse = z.object({ results: z.array(borrowerSearchResult) });
export type BorrowerSearchResponse = z.infer<typeof borrowerSearchResponse>;

const jsonObject = z.record(z.string(), z.unknown());

export const borrowerPageResponse = z.object({
  customer: z.object({
    id: z.string(),
    phone: z.string(),
    name: z.string().nullable(),
    registeredAt: iso,
    registrationIp: z.string().nullable(),
  }),
  application: z
    .object({
      id: z.string(),
      status: z.string(),
      submittedAt: iso.nullable(),
      submissionCount: z.number().int(),
      idType: z.string().nullable(),
      idNumberLast4: z.string().nullable(),
      steps: z.array(z.object({ step: z.string(), completedAt: iso, data: jsonObject })),
    })
    .nullable(),
  photos: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      createdAt: iso,
      /** a short-lived signed link (accepted photos only) */
      url: z.string().nullable(),
      expiresAt: iso.nullable(),
    }),
  ),
  decisions: z.array(
    z.object({
      id: z.string(),
      submission: z.number().int(),
      outcome: z.string(),
      creditLimit: centavos.nullable(),
      reason: z.string().nullable(),
      retryAt: iso.nullable(),
      decidedAt: iso,
      rules: z.array(z.unknown()),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      principal: centavos,
      termDays: z.number().int(),
      netProceeds: centavos,
      totalRepayment: centavos,
      createdAt: iso,
      disbursedAt: iso.nullable(),
      dueDate: z.string().nullable(),
      balance: z.object({
        principal: centavos,
        interest: centavos,
        fees: centavos,
        lateCharge: centavos,
        penalty: centavos,
        total: centavos,
      }),
      transactions: z.array(
        z.object({
          type: z.string(),
          businessDate: z.string(),
          principal: centavos,
          interest: centavos,
          fees: centavos,
          lateCharge: centavos,
          penalty: centavos,
          cash: centavos,
          createdAt: iso,
        }),
      ),
      ledger: z.array(
        z.object({
          transactionId: z.string(),
          kind: z.string(),
          postedAt: iso,
          account: z.string(),
          amount: centavos,
        }),
      ),
      payouts: z.array(
        z.object({
          attempt: z.number().int(),
          state: z.string(),
          amount: centavos,
          failureCode: z.string().nullable(),
          createdAt: iso,
        }),
      ),
    }),
  ),
  repayments: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      purpose: z.string(),
      channel: z.string(),
      amount: centavos,
      amountReceived: centavos.nullable(),
      state: z.string(),
      heldReason: z.string().nullable(),
      paidAt: iso.nullable(),
      createdAt: iso,
    }),
  ),
  /** what the borrower was told (EN-08), newest first, as they read it in English */
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      event: z.string(),
      title: z.string(),
      body: z.string(),
      orderId: z.string().nullable(),
      readAt: iso.nullable(),
      createdAt: iso,
    }),
  ),
  consents: z.array(
    z.object({ kind: z.string(), policyVersion: z.string(), acceptedAt: iso, ip: z.string().nullable() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: iso,
      expiresAt: iso,
      revokedAt: iso.nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type BorrowerPageResponse = z.infer<typeof borrowerPageResponse>;

export const auditQuery = z.object({
  operatorId: z.uuid({ error: 'VALIDATION_FAILED' }).optional(),
  action: z.string().max(64).optional(),
  from: z.iso.datetime({ offset: true, error: 'DATE_INVALID' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'DATE_INVALID' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const auditEntry = z.object({
  id: z.string(),
  at: iso,
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  detail: jsonObject.nullable(),
  ip: z.string().nullable(),
});
export const auditListResponse = z.object({ entries: z.array(auditEntry) });
export type AuditListResponse = z.infer<typeof auditListResponse>;

export const operatorListResponse = z.object({
  operators: z.array(
    consoleOperator.extend({
      createdAt: iso,
      lockedUntil: iso.nullable(),
      disabled: z.boolean(),
    }),
  ),
});

// ---- money operations of the finance role (issue 11, CO-05, BE-05) ----

/** Why an operator acts on money: always said, kept in the audit trail. */
const reason = z.string().trim().min(3, { error: 'REQUIRED' }).max(500, { error: 'VALIDATION_FAILED' });
const positiveCentavos = z.string().regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' });

export const payoutQueueItem = z.object({
  orderId: z.string(),
  customerId: z.string(),
  orderStatus: z.string(),
  payoutId: z.string(),
  attempt: z.number().int(),
  /** failed, or accepted by the provider and not confirmed for too long */
  state: z.string(),
  amount: centavos,
  failureCode: z.string().nullable(),
  destination: z.object({
    channel: z.string(),
    providerCode: z.string(),
    accountLast4: z.string().nullable(),
  }),
  createdAt: iso,
  updatedAt: iso,
});
export const payoutQueueResponse = z.object({
  /** accepted payouts older than this many minutes are listed as stuck */
  stuckAfterMinutes: z.number().int(),
  payouts: z.array(payoutQueueItem),
});
export type PayoutQueueResponse = z.infer<typeof payoutQueueResponse>;

/** Retry or cancel names the failed attempt acted on: a second submit finds it already handled. */
export const payoutRetryRequest = z.strictObject({ payoutId: z.uuid({ error: 'NOT_FOUND' }), reason });
export const payoutCancelRequest = payoutRetryRequest;
export const payoutActionResponse = z.object({
  orderId: z.string(),
  orderStatus: z.string(),
  /** the attempt now in force (a retry's new attempt) */
  payoutId: z.string(),
  attempt: z.number().int(),
  payoutState: z.string(),
});
export type PayoutActionResponse = z.infer<typeof payoutActionResponse>;

/**
 * BE-05: a transfer that came back after the borrower paid something: the loan is undone and each
 * payment becomes a refund. Names the attempt that came back, like retry and cancel.
 */
export const payoutUnwindRequest = payoutRetryRequest;
export const payoutUnwindResponse = payoutActionResponse.extend({
  /** what the borrower paid on the loan, now owed back to them */
  refunded: centavos,
  /** the refunds to execute, one per payment (see the refund queue) */
  refundIds: z.array(z.string()),
});
export type PayoutUnwindResponse = z.infer<typeof payoutUnwindResponse>;

export const REFUND_REASONS = ['held_money', 'payout_returned', 'payer_not_borrower'] as const;

/** What finance may apply held money as (POST …/suspense/:repaymentId/apply). */
export const SUSPENSE_APPLY_PURPOSES = ['full', 'extension', 'partial'] as const;

export const suspenseItem = z.object({
  repaymentId: z.string(),
  orderId: z.string(),
  customerId: z.string(),
  orderStatus: z.string(),
  amount: centavos,
  heldReason: z.string().nullable(),
  paidAt: iso.nullable(),
  /** what settles the loan in full as of the payer's paid-at day (0 when nothing is owed) */
  amountDueAtPaidAt: centavos,
  /**
   * what Apply would take this money as now, worked out by the same decision as Apply itself
   * (nothing written): empty when every purpose would be refused, and the money can only be refunded
   */
  appliesAs: z.array(z.enum(SUSPENSE_APPLY_PURPOSES)),
  /** CO-05: the loan was paid out this much, and the money arrived within 24 hours of it */
  netProceeds: centavos,
  disbursedAt: iso.nullable(),
  cancellable: z.boolean(),
});
/**
 * BE-05: money that names no borrower (its reference is not one of our ids: a payment link made
 * in the provider's dashboard), kept in suspense with no loan. Listed for finance to find at the
 * provider; finance assigns it to the borrower who paid (it becomes their held money, which the
 * held-money actions then apply or refund). Unresolved first, newest first; then those resolved.
 */
const unmatchedAssignment = z.object({
  action: z.enum(['assigned']),
  customerId: z.string(),
  orderId: z.string(),
  /** the held-money record it became (the suspense queue's item) */
  repaymentId: z.string(),
  reason: z.string(),
  /** the operator's email */
  by: z.string(),
  at: iso,
});
export const unmatchedPayment = z.object({
  /** what the assign action names: the record of the provider's event */
  id: z.string(),
  provider: z.string(),
  /** the provider's event: one payment, however often it was delivered */
  providerEventId: z.string(),
  /** what to look the payment up by at the provider */
  providerCollectionId: z.string().nullable(),
  amount: centavos,
  receivedAt: iso,
  /** the assignment in force; null while nobody is matched to it */
  resolution: unmatchedAssignment.nullable(),
  /**
   * the refund to the payer in force (BE-05: a payer who is no borrower): waiting for a second
   * operator (`pending_approval`), or approved and recorded as a refund to execute or executed;
   * null while there is none (a rejected draft leaves the money unresolved)
   */
  payerRefund: z
    .object({
      approvalRequestId: z.string(),
      state: z.enum(['pending_approval', 'to_execute', 'executed']),
      refundId: z.string().nullable(),
      payeeName: z.string(),
      destination: z.object({ channel: z.string(), providerCode: z.string(), accountLast4: z.string() }),
      reason: z.string(),
      /** the operator who drafted it */
      by: z.string(),
      at: iso,
    })
    .nullable(),
  /** assignments undone, oldest first: who undid each, when and why */
  history: z.array(
    unmatchedAssignment.extend({
      undone: z.object({ by: z.string(), at: iso, reason: z.string() }),
    }),
  ),
});
export const suspenseQueueResponse = z.object({
  total: centavos,
  items: z.array(suspenseItem),
  /** newest first */
  unmatched: z.array(unmatchedPayment),
});
export type SuspenseQueueResponse = z.infer<typeof suspenseQueueResponse>;

export const suspenseApplyRequest = z.strictObject({ purpose: z.enum(SUSPENSE_APPLY_PURPOSES), reason });
export const suspenseRefundRequest = z.strictObject({ reason });
export const suspenseResolutionResponse = z.object({
  repaymentId: z.string(),
  action: z.enum(['applied', 'refunded', 'cancellation']),
  amount: centavos,
  orderStatus: z.string(),
  refundId: z.string().nullable(),
});
export type SuspenseResolutionResponse = z.infer<typeof suspenseResolutionResponse>;

/**
 * BE-05: money naming no borrower assigned to the borrower who paid: named by phone (any typed
 * form) or customer id, as the console finds borrowers; on the loan named, else their latest loan
 * paid out. How it was paid (what the provider's dashboard shows) goes on the borrower's record.
 */
export const unmatchedAssignRequest = z.strictObject({
  borrower: z
    .string({ error: 'REQUIRED' })
    .trim()
    .min(1, { error: 'REQUIRED' })
    .max(100, { error: 'VALIDATION_FAILED' }),
  orderId: z.uuid({ error: 'UNMATCHED_LOAN_NOT_FOUND' }).optional(),
  providerCode: z.enum(REPAYMENT_PARTNER_CODES, { error: 'VALIDATION_FAILED' }),
  reason,
});
export type UnmatchedAssignRequest = z.input<typeof unmatchedAssignRequest>;
export const unmatchedAssignResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  orderId: z.string(),
  repaymentId: z.string(),
  amount: centavos,
  assignedBy: z.string(),
  assignedAt: iso,
  /**
   * set when answering a retry of a submission whose assignment was undone since: nothing was
   * assigned by the retry (who undid it, when and why)
   */
  undone: z.object({ by: z.string(), at: iso, reason: z.string() }).nullable(),
});
export type UnmatchedAssignResponse = z.infer<typeof unmatchedAssignResponse>;

/**
 * BE-05: whom an assignment would match the money to, shown for finance to confirm before it is
 * made (the borrower and loan found by the same rules as the assignment itself).
 */
export const unmatchedPreviewRequest = unmatchedAssignRequest.pick({ borrower: true, orderId: true });
export type UnmatchedPreviewRequest = z.input<typeof unmatchedPreviewRequest>;
export const unmatchedPreviewResponse = z.object({
  id: z.string(),
  amount: centavos,
  /** when the payer paid: the held money counts as of then (BE-10) */
  paidAt: iso,
  customerId: z.string(),
  /** as given in their application; null when they gave none */
  name: z.string().nullable(),
  /** +63 917 *** 4567 */
  phoneMasked: z.string(),
  orderId: z.string(),
  loan: z.object({
    status: z.string(),
    principal: centavos,
    disbursedAt: iso,
    /** Manila date */
    dueDate: z.string().nullable(),
  }),
});
export type UnmatchedPreviewResponse = z.infer<typeof unmatchedPreviewResponse>;

/**
 * BE-05: undoes a mistaken assignment while the held money it became is unresolved. Names the
 * assignment by that held money, so a late duplicate never undoes a later assignment.
 */
export const unmatchedUndoRequest = z.strictObject({
  repaymentId: z.uuid({ error: 'NOT_FOUND' }),
  reason,
});
export type UnmatchedUndoRequest = z.input<typeof unmatchedUndoRequest>;
export const unmatchedUndoResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  orderId: z.string(),
  repaymentId: z.string(),
  amount: centavos,
  undoneBy: z.string(),
  undoneAt: iso,
});
export type UnmatchedUndoResponse = z.infer<typeof unmatchedUndoResponse>;

/**
 * BE-05: money naming no borrower goes back to whoever paid it, when the payer is not our borrower
 * (someone paid a dashboard link by mistake and asks for it back). Finance types the account the
 * payer gave, twice (VAL-06), and why; the refund waits for a different admin to approve it (the
 * approvals queue) before it exists, since the account is not one a borrower registered. Banks and
 * e-wallets only: a remittance pickup needs the payee's ID at the counter.
 */
export const PAYER_REFUND_CHANNELS = ['bank', 'ewallet'] as const;
export const unmatchedRefundRequest = z
  .strictObject({
    channel: z.enum(PAYER_REFUND_CHANNELS, { error: 'REQUIRED' }),
    providerCode: z.string({ error: 'REQUIRED' }).trim().min(1, { error: 'REQUIRED' }).max(40),
    account: z.preprocess(digitsOnly, z.string({ error: 'REQUIRED' })),
    confirmAccount: z.preprocess(digitsOnly, z.string({ error: 'REQUIRED' })),
    /** the account holder's name as the bank or e-wallet shows it */
    payeeName: z
      .string({ error: 'REQUIRED' })
      .trim()
      .min(2, { error: 'REQUIRED' })
      .max(100, { error: 'VALIDATION_FAILED' }),
    reason,
  })
  .superRefine(checkPayoutAccount);
export type UnmatchedRefundRequest = z.input<typeof unmatchedRefundRequest>;
export const unmatchedRefundResponse = z.object({
  /** the money naming no borrower (its webhook record) */
  id: z.string(),
  approvalRequestId: z.string(),
  amount: centavos,
  /** what became of the draft: waiting, approved (then `refundId` is the refund to execute), rejected */
  state: z.enum(['pending_approval', 'approved', 'rejected']),
  refundId: z.string().nullable(),
});
export type UnmatchedRefundResponse = z.infer<typeof unmatchedRefundResponse>;

export const refundItem = z.object({
  id: z.string(),
  /** the held repayment, its loan and borrower; null for a payer who is no borrower */
  repaymentId: z.string().nullable(),
  orderId: z.string().nullable(),
  customerId: z.string().nullable(),
  /** payer_not_borrower: the money naming no borrower (the unmatched list's id) */
  unmatchedId: z.string().nullable(),
  /**
   * payer_not_borrower: whom finance pays and the whole account number they typed and an admin
   * approved (no borrower record holds it); null for a borrower's refund
   */
  payee: z.object({ name: z.string(), account: z.string() }).nullable(),
  amount: centavos,
  /** cancelled: a payer's refund that could not be sent, its money back in suspense (BE-05) */
  state: z.enum(['to_execute', 'executed', 'cancelled']),
  /** the transfer this is: 1, then 2 once one came back (BE-05), … */
  attempt: z.number().int(),
  /**
   * held_money: money held in suspense, refunded; payout_returned: a payment on a loan undone
   * because its transfer came back (the destination is the account that bounced: confirm it first);
   * payer_not_borrower: money naming no borrower, back to the account its payer gave
   */
  reason: z.enum(REFUND_REASONS),
  destination: z.object({
    channel: z.string(),
    providerCode: z.string(),
    accountLast4: z.string().nullable(),
  }),
  transferReference: z.string().nullable(),
  createdAt: iso,
  executedAt: iso.nullable(),
});
export const refundQueueResponse = z.object({ refunds: z.array(refundItem) });
export type RefundQueueResponse = z.infer<typeof refundQueueResponse>;
/** The refund transfer that came back, named by its attempt: a second submit finds it returned. */
export const refundReturnedRequest = z.strictObject({ attempt: z.number().int().min(1), reason });
/** A refund to execute goes to the borrower's payout account as it is now (BE-05). */
export const refundCurrentAccountRequest = z.strictObject({ reason });
/**
 * BE-05: a refund to a payer who is no borrower, not sent (or sent and come back), is cancelled:
 * its money names nobody again, for a new refund (drafted and approved again) or an assignment.
 */
export const refundCancelRequest = z.strictObject({ reason });
/**
 * Names the attempt the transfer was made for (the console always does): a submit for an attempt
 * that has since come back is a replay, never a second payment out for the next attempt.
 */
export const refundExecutedRequest = z.strictObject({
  transferReference: z.string().trim().min(3, { error: 'REQUIRED' }).max(100),
  attempt: z.number().int().min(1).optional(),
});

/** CO-05: cancel a loan within 24 hours, with the returned money held in suspense. */
export const loanCancelRequest = z.strictObject({ repaymentId: z.uuid({ error: 'NOT_FOUND' }), reason });
export const loanCancelResponse = z.object({
  orderId: z.string(),
  orderStatus: z.string(),
  returned: centavos,
  cancelledAt: iso,
});
export type LoanCancelResponse = z.infer<typeof loanCancelResponse>;

export const loanMoneyResponse = z.object({
  orderId: z.string(),
  customerId: z.string(),
  status: z.string(),
  principal: centavos,
  netProceeds: centavos,
  disbursedAt: iso.nullable(),
  /** CO-05: until when the loan may be cancelled (null: not paid out) */
  cancellableUntil: iso.nullable(),
  dueDate: z.string().nullable(),
  outstanding: z.object({
    principal: centavos,
    interest: centavos,
    fees: centavos,
    lateCharge: centavos,
    penalty: centavos,
    total: centavos,
  }),
  waiverApprovalThreshold: centavos,
});
export type LoanMoneyResponse = z.infer<typeof loanMoneyResponse>;

/** A waiver of late charge and penalty already charged (Idempotency-Key required). */
export const waiverRequest = z
  .strictObject({ lateCharge: positiveCentavos, penalty: positiveCentavos, reason })
  .refine((w) => !/^\d+$/.test(w.lateCharge + w.penalty) || BigInt(w.lateCharge) + BigInt(w.penalty) > 0n, {
    error: 'VALIDATION_FAILED',
  });
export const waiverResponse = z.object({
  /** applied at once (within the threshold), or waiting for a second admin (who may reject it) */
  state: z.enum(['applied', 'pending_approval', 'rejected']),
  approvalRequestId: z.string().nullable(),
  amount: centavos,
});
export type WaiverResponse = z.infer<typeof waiverResponse>;

/** BE-15: a write-off drafted by finance for a second operator (an admin) to approve. */
export const writeOffRequest = z.strictObject({ reason });
export const writeOffResponse = z.object({
  state: z.enum(['pending_approval', 'written_off', 'rejected']),
  approvalRequestId: z.string(),
  /** the loan's book value when drafted (the approval takes it off as it stands then) */
  amount: centavos,
});
export type WriteOffResponse = z.infer<typeof writeOffResponse>;

/** BE-15 month-end: close the books through a month's last day (admin). */
export const closePeriodRequest = z.strictObject({ month: reportingMonth });
export const accountingClosureView = z.object({
  month: z.string(),
  closedThrough: z.string(),
  closedAt: iso,
  closedBy: z.string(),
  trialBalance: z.record(z.string(), centavos),
});
export const accountingClosureList = z.object({ closures: z.array(accountingClosureView) });

/** BE-15: a hardship plan drafted by finance: no charges from tomorrow through `until` (an admin approves). */
export const hardshipPlanRequest = z.strictObject({
  until: z.iso.date({ error: 'VALIDATION_FAILED' }),
  reason,
});
export const hardshipPlanResponse = z.object({
  state: z.enum(['pending_approval', 'active', 'rejected']),
  approvalRequestId: z.string(),
  until: z.string(),
});
export type HardshipPlanResponse = z.infer<typeof hardshipPlanResponse>;

export const approvalItem = z.object({
  id: z.string(),
  kind: z.string(),
  orderId: z.string().nullable(),
  payload: jsonObject,
  reason: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  makerId: z.string(),
  makerEmail: z.string(),
  checkerId: z.string().nullable(),
  createdAt: iso,
  decidedAt: iso.nullable(),
});
export const approvalQueueResponse = z.object({ requests: z.array(approvalItem) });
export type ApprovalQueueResponse = z.infer<typeof approvalQueueResponse>;
export type ApprovalItem = z.infer<typeof approvalItem>;
/** Underwriting review queue (issue 11, BE-04, BE-08). */
export const REVIEW_ACTIONS = ['approve', 'reupload_id', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

const reviewRule = z.object({
  rule: z.string(),
  outcome: z.enum(['pass', 'review', 'fail']),
  detail: z.string(),
});

export const reviewCaseSummary = z.object({
  id: z.string(),
  applicationId: z.string(),
  customerId: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  submission: z.number().int(),
  openedAt: iso,
  /** the rules that asked for a person */
  reasons: z.array(z.string()),
  /** every rule's outcome */
  rules: z.array(reviewRule),
  /** the highest limit an approval may give (the rules and the product's caps) */
  maxLimit: centavos,
});
export const reviewQueueResponse = z.object({ cases: z.array(reviewCaseSummary) });
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponse>;

export const reviewCaseResponse = reviewCaseSummary.extend({
  status: z.enum(['open', 'decided', 'superseded']),
  /** the lowest limit worth approving: the product's smallest loan */
  minLimit: centavos,
  /** the retry date the rules would give a rejection (a suggestion for the form) */
  suggestedRetryDate: z.string(),
  application: z.object({
    status: z.string(),
    submissionCount: z.number().int(),
    idType: z.string().nullable(),
    idNumberLast4: z.string().nullable(),
    monthlyIncome: z.string().nullable(),
    employmentType: z.string().nullable(),
  }),
  /** other customers behind a possible duplicate identity */
  matches: z.array(
    z.object({
      customerId: z.string(),
      name: z.string().nullable(),
      matchedBy: z.enum(['idNumber', 'payoutAccount']),
      applicationStatus: z.string(),
    }),
  ),
  decision: z
    .object({
      action: z.enum(REVIEW_ACTIONS),
      creditLimit: centavos.nullable(),
      retryDate: z.string().nullable(),
      note: z.string(),
      decidedBy: z.string().nullable(),
      decidedAt: iso,
    })
    .nullable(),
});
export type ReviewCaseResponse = z.infer<typeof reviewCaseResponse>;

const reviewReason = z.string().trim().min(3, { error: 'REQUIRED' }).max(500, { error: 'VALIDATION_FAILED' });
const manilaDay = z.iso.date({ error: 'DATE_INVALID' });

/** An underwriter's decision; each needs a reason in their words. */
export const reviewDecisionRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('approve'),
    limit: z.string().regex(/^\d{1,12}$/, { error: 'VALIDATION_FAILED' }),
    reason: reviewReason,
  }),
  z.object({ action: z.literal('reupload_id'), reason: reviewReason }),
  /** ST-03: the Manila date from which the borrower may apply again */
  z.object({ action: z.literal('reject'), retryDate: manilaDay, reason: reviewReason }),
]);
export type ReviewDecisionRequest = z.infer<typeof reviewDecisionRequest>;

/** Operational switches (issue 11, RO-02), admin only. */
export const SWITCH_KEYS = ['bankChangeMaintenance', 'pauseNewApplications'] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];

export const switchView = z.object({
  key: z.enum(SWITCH_KEYS),
  on: z.boolean(),
  /** default: no one has set it, the environment's value applies */
  source: z.enum(['default', 'console']),
  defaultOn: z.boolean(),
  reason: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: iso.nullable(),
});
export const switchListResponse = z.object({ switches: z.array(switchView) });
export type SwitchListResponse = z.infer<typeof switchListResponse>;
export const switchUpdateRequest = z.object({ on: z.boolean(), reason: reviewReason });

/** The collections log (SEC MC 18 s.2019). */
export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'visit'] as const;
export const CONTACT_OUTCOMES = [
  'reached',
  'promise_to_pay',
  'no_answer',
  'left_message',
  'wrong_number',
  'refused',
] as const;

/**
 * No phone number or address in the request: a call or SMS goes to the borrower's own registered
 * phone, an e-mail to their own address, so a reference or emergency contact can never be recorded
 * (or offered) as a collection contact.
 */
export const collectionContactRequest = z.object({
  channel: z.enum(CONTACT_CHANNELS, { error: 'VALIDATION_FAILED' }),
  outcome: z.enum(CONTACT_OUTCOMES, { error: 'VALIDATION_FAILED' }),
  note: z.string().trim().min(3, { error: 'REQUIRED' }).max(1000, { error: 'VALIDATION_FAILED' }),
  /** when the contact happened; the server's clock if left out */
  contactedAt: z.iso.datetime({ offset: true, error: 'DATE_INVALID' }).optional(),
  orderId: z.uuid({ error: 'NOT_FOUND' }).optional(),
});
export type CollectionContactRequest = z.infer<typeof collectionContactRequest>;

export const collectionContact = z.object({
  id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  contactPoint: z.string().nullable(),
  contactedAt: iso,
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  orderId: z.string().nullable(),
  recordedBy: z.string(),
  recordedAt: iso,
});
export const collectionLogResponse = z.object({
  /** the only points a collector may use: the borrower's own */
  contactPoints: z.object({ phone: z.string(), email: z.string().nullable() }),
  contacts: z.array(collectionContact),
});
export type CollectionLogResponse = z.infer<typeof collectionLogResponse>;

const ALL_ROLES = OPERATOR_ROLES;
const FINANCE = ['finance', 'admin'] as const;
/**
 * THE access map of the console (issue 11): every console endpoint, `METHOD /api/console/...` as
 * registered, → the roles allowed, or `public` (sign-in only). The server refuses to start with a
 * console route missing from this map, and the role-matrix test is generated from it.
 * support: read, messages, feedback · underwriter: review queue · finance: payouts, suspense,
 * refunds, cancellations, waivers · admin: operators, product configuration, switches, audit.
 */
export const CONSOLE_ACCESS = {
  'POST /api/console/auth/sign-in': 'public',
  'POST /api/console/auth/sign-out': ALL_ROLES,
  'GET /api/console/me': ALL_ROLES,
  'GET /api/console/dashboard': ALL_ROLES,
  'GET /api/console/borrowers': ALL_ROLES,
  'GET /api/console/borrowers/:customerId': ALL_ROLES,
  'POST /api/console/borrowers/:customerId/sessions/:sessionId/revoke': ['support', 'admin'],
  'GET /api/console/audit': ['admin'],
  'GET /api/console/audit/export': ['admin'],
  'GET /api/console/operators': ['admin'],
  // engagement (BE-08): coupons cost money (finance, admin); notices are support's work too
  'POST /api/console/coupons': ['finance', 'admin'],
  'POST /api/console/notices': ['support', 'admin'],
  'GET /api/console/feedback': ['support', 'admin'],
  'POST /api/console/feedback/:feedbackId/handle': ['support', 'admin'],
  'GET /api/console/money/payouts': FINANCE,
  'POST /api/console/money/payouts/:orderId/retry': FINANCE,
  'POST /api/console/money/payouts/:orderId/cancel': FINANCE,
  'POST /api/console/money/payouts/:orderId/unwind': FINANCE,
  'POST /api/console/money/refunds/:refundId/current-account': FINANCE,
  'POST /api/console/money/refunds/:refundId/returned': FINANCE,
  'GET /api/console/money/suspense': FINANCE,
  'POST /api/console/money/suspense/:repaymentId/apply': FINANCE,
  'POST /api/console/money/suspense/:repaymentId/refund': FINANCE,
  'POST /api/console/money/unmatched/:unmatchedId/preview': FINANCE,
  'POST /api/console/money/unmatched/:unmatchedId/assign': FINANCE,
  'POST /api/console/money/unmatched/:unmatchedId/undo': FINANCE,
  // BE-05: finance drafts a refund to a payer who is no borrower; an admin approves it (approvals)
  'POST /api/console/money/unmatched/:unmatchedId/refund': FINANCE,
  'POST /api/console/money/refunds/:refundId/cancel': FINANCE,
  'GET /api/console/money/refunds': FINANCE,
  'POST /api/console/money/refunds/:refundId/executed': FINANCE,
  'GET /api/console/money/loans/:orderId': FINANCE,
  'POST /api/console/money/loans/:orderId/cancel': FINANCE,
  'POST /api/console/money/loans/:orderId/waivers': FINANCE,
  // BE-15 month-end: finance reads the closures; only an admin closes a month
  'GET /api/console/accounting/closures': FINANCE,
  'POST /api/console/accounting/closures': ['admin'],
  // BE-15: finance drafts a write-off; an admin (never the maker) approves it under approvals
  'POST /api/console/money/loans/:orderId/write-off': FINANCE,
  'POST /api/console/money/loans/:orderId/hardship': FINANCE,
  'GET /api/console/money/approvals': FINANCE,
  // maker-checker: only an admin approves or rejects, and never their own request
  'POST /api/console/money/approvals/:requestId/approve': ['admin'],
  'POST /api/console/money/approvals/:requestId/reject': ['admin'],
  'GET /api/console/review-cases': ['underwriter'],
  'GET /api/console/review-cases/:caseId': ['underwriter'],
  'POST /api/console/review-cases/:caseId/decision': ['underwriter'],
  'GET /api/console/switches': ['admin'],
  'POST /api/console/switches/:key': ['admin'],
  'GET /api/console/borrowers/:customerId/collection-contacts': ['support', 'finance'],
  'POST /api/console/borrowers/:customerId/collection-contacts': ['support', 'finance'],
  // BE-12 deletion requests: support sees them; only an admin erases
  'GET /api/console/data-requests': ['support', 'admin'],
  'POST /api/console/data-requests/:requestId/complete': ['admin'],
  'GET /api/console/retention-erasures': ['admin'],
  // BE-11 complaints: support works them against their promised date; admins too
  'GET /api/console/complaints': ['support', 'admin'],
  'POST /api/console/complaints/:complaintId/progress': ['support', 'admin'],
  // BE-13 the monthly credit-data file: finance makes and downloads it; an admin records it sent
  'POST /api/console/credit-reports': ['finance', 'admin'],
  'GET /api/console/credit-reports': ['finance', 'admin'],
  'GET /api/console/credit-reports/:reportId/file': ['finance', 'admin'],
  'POST /api/console/credit-reports/:reportId/submitted': ['admin'],
  // BE-15 portfolio and month-end reports (read-only, CSV too): finance and admin
  'GET /api/console/reports/portfolio': FINANCE,
  'GET /api/console/reports/month': FINANCE,
  // BE-14 the AML queue: underwriters and admins decide possible designated-persons matches
  'GET /api/console/aml/screenings': ['underwriter', 'admin'],
  'POST /api/console/aml/screenings/:screeningId/resolve': ['underwriter', 'admin'],
  // BE-14 risk ratings and suspicious-transaction cases: the same people; never the borrower
  'GET /api/console/aml/risk-ratings': ['underwriter', 'admin'],
  'GET /api/console/aml/borrowers/:customerId': ['underwriter', 'admin'],
  'POST /api/console/aml/borrowers/:customerId/risk-rating': ['underwriter', 'admin'],
  'GET /api/console/aml/str-cases': ['underwriter', 'admin'],
  'POST /api/console/aml/str-cases': ['underwriter', 'admin'],
  'POST /api/console/aml/str-cases/:strCaseId/narrative': ['underwriter', 'admin'],
  'POST /api/console/aml/str-cases/:strCaseId/report': ['underwriter', 'admin'],
  'POST /api/console/aml/str-cases/:strCaseId/close': ['underwriter', 'admin'],
  'GET /api/console/aml/str-cases/:strCaseId/export': ['underwriter', 'admin'],
  // BE-10 payment disputes: support reads them with the borrower; finance matches or rejects
  'GET /api/console/disputes': ['support', 'finance', 'admin'],
  'POST /api/console/disputes/:disputeId/resolve': FINANCE,
  // product changes (CO-06): an admin drafts, a different admin approves or rejects
  'GET /api/console/product': ['admin'],
  'POST /api/console/product/changes': ['admin'],
  'POST /api/console/product/changes/:changeId/approve': ['admin'],
  'POST /api/console/product/changes/:changeId/reject': ['admin'],
} as const satisfies Record<string, 'public' | readonly OperatorRole[]>;
export type ConsoleEndpoint = keyof typeof CONSOLE_ACCESS;

export function consoleRolesFor(method: string, url: string): 'public' | readonly OperatorRole[] | undefined {
  return (CONSOLE_ACCESS as Record<string, 'public' | readonly OperatorRole[]>)[
    `${method === 'HEAD' ? 'GET' : method} ${url}`
  ];
}
