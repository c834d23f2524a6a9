import { z } from 'zod';
import { APPLICATION_STATUSES } from '../application/view.ts';
import { APPLICATION_STEPS } from '../application/steps.ts';
import { orderViewResponse } from './lending.ts';

const centavos = z.string().regex(/^-?\d+$/);

/**
 * The borrower's current order as home shows it: a small object meant to grow (servicing adds
 * fields such as the amount due today or an extension offer). Amounts are centavo strings.
 */
export const homeOrderSummary = z.object({
  id: z.string(),
  /** the order state machine's status key */
  status: orderViewResponse.shape.status,
  /** what the borrower reads ("Pending repayment", "Overdue 3 days"), in the request's language */
  label: z.object({ key: z.string(), text: z.string(), days: z.number().int().optional() }),
  principal: centavos,
  /** what arrived (or arrives) in the borrower's account */
  netProceeds: centavos,
  /** what is owed on the due date */
  totalRepayment: centavos,
  /** YYYY-MM-DD (Manila); null until the money is paid out */
  dueDate: z.string().nullable(),
  /** issue 7: what settles the loan if paid today (late charge and penalty included); null before payout */
  amountDue: centavos.nullable(),
  overdueDays: z.number().int(),
});
export type HomeOrderSummary = z.infer<typeof homeOrderSummary>;

/**
 * GET /api/home: everything the home screen shows, in one request, for the signed-in borrower only
 * (issue 9, clarity item 3: status, limit, next action, amount and date due, support).
 */
export const homeSummaryResponse = z.object({
  /** the first name from the identity step, once given; the app greets by name, not by number */
  firstName: z.string().nullable(),
  application: z.object({
    status: z.enum(APPLICATION_STATUSES),
    /** where "Continue" leads: the first unfinished step, null when every step is saved */
    nextStep: z.enum(APPLICATION_STEPS).nullable(),
    stepsDone: z.number().int(),
    stepsTotal: z.number().int(),
    editable: z.boolean(),
    decision: z
      .object({ outcome: z.enum(['approve', 'reupload_id', 'reject']), retryDate: z.string().nullable() })
      .nullable(),
  }),
  /** the approved credit limit in centavos; null before an approval */
  creditLimit: centavos.nullable(),
  /** the one outstanding order (ST-06 allows one), else null */
  order: homeOrderSummary.nullable(),
  support: z.object({ email: z.string(), hotline: z.string(), webEmail: z.string(), website: z.string() }),
});
export type HomeSummaryResponse = z.infer<typeof homeSummaryResponse>;
