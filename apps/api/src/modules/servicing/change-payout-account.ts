import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { PayoutAccountResponse } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  applicationEvents,
  applicationSteps,
  applications,
  orderEvents,
  orders,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import { contractsFor } from '../application/application-context.ts';
import { validationError } from '../application/validation-error.ts';
import { switchIsOn } from '../platform/operational-switches.ts';
import type { ServicingContext } from './servicing-context.ts';

/**
 * Whether two payout destinations agree on the details named. A detail left out, null, or blank
 * (empty or only spaces: an empty middle name) is one and the same: the form's parser drops an
 * empty optional field, but a destination stored earlier may keep it as '', and compared as they
 * are a double tap read as another account (409) and the very account that failed as a new one,
 * sent again. Every comparison of payout details goes through here.
 */
export function samePayoutDetails(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  keys: readonly string[],
): boolean {
  return keys.every((key) => payoutDetail(a[key]) === payoutDetail(b[key]));
}

function payoutDetail(value: unknown): unknown {
  return value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;
}

/** Two payout accounts are the same one: the same channel, provider and account number. */
export function samePayoutAccount(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return samePayoutDetails(a, b, ['channel', 'providerCode', 'account']);
}

/**
 * Two payout destinations pay the same payee: the same account (samePayoutAccount) and the same
 * payee names, which the provider checks against the account holder (VAL-14). After a payout that
 * failed on the name, the same account with the name corrected is a new destination (ST-04).
 */
export function samePayoutDestination(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return (
    samePayoutAccount(a, b) && samePayoutDetails(a, b, ['payeeFirstName', 'payeeMiddleName', 'payeeLastName'])
  );
}

async function accountOf(
  db: Db | Tx,
  customerId: string,
  ctx: Pick<ServicingContext, 'bankChangeMaintenance'>,
): Promise<PayoutAccountResponse & { applicationId: string | null }> {
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.customerId, customerId));
  const [step] = application
    ? await db
        .select({ data: applicationSteps.data })
        .from(applicationSteps)
        .where(and(eq(applicationSteps.applicationId, application.id), eq(applicationSteps.step, 'bankInfo')))
    : [];
  // RO-02: only a borrower with a re-loan (a loan fully repaid) may change the payout account; so
  // may one whose loan was undone because its transfer came back (BE-05): that account bounced,
  // and the next loan would go to it again
  const [reloan] = await db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(
      orderEvents,
      and(eq(orderEvents.orderId, orders.id), eq(orderEvents.event, 'payout_reversal_unwound')),
    )
    .where(ownedBy(orders, customerId, or(eq(orders.status, 'settled'), isNotNull(orderEvents.id))))
    .limit(1);
  const account = Object.fromEntries(
    Object.entries((step?.data ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string'),
  ) as Record<string, string>;
  // RO-02: the console's switch wins; the environment's value is the default (issue 11)
  const maintenance = await switchIsOn(db, 'bankChangeMaintenance', ctx.bankChangeMaintenance);
  const blockedBy = !reloan ? 'no_reloan' : maintenance ? 'maintenance' : null;
  return { canChange: blockedBy === null, blockedBy, account, applicationId: application?.id ?? null };
}

export async function getPayoutAccount(
  ctx: ServicingContext,
  input: { customerId: string },
): Promise<PayoutAccountResponse> {
  const { applicationId: _applicationId, ...view } = await accountOf(ctx.db, input.customerId, ctx);
  void _applicationId;
  return view;
}

/**
 * `/changeBank` (RO-02, VAL-07): a re-loan borrower replaces the payout account used for later
 * loans. Refused for a first-time borrower, while the maintenance switch is on, and when the new
 * destination is the same as the old one; validated with the same contract as the application step.
 * The same account with the payee's name corrected is a new destination (VAL-14: the provider
 * checks the name against the account holder), as it is after a failed payout (fixPayoutAccount):
 * a borrower whose name was misspelt can put it right before the next loan is paid out on it.
 */
export async function changePayoutAccount(
  ctx: ServicingContext,
  input: { customerId: string; body: unknown },
): Promise<PayoutAccountResponse> {
  const now = ctx.clock.now();
  const current = await accountOf(ctx.db, input.customerId, ctx);
  if (current.blockedBy === 'no_reloan' || !current.applicationId)
    throw new AppError('BANK_CHANGE_NOT_ALLOWED');
  if (current.blockedBy === 'maintenance') throw new AppError('BANK_CHANGE_MAINTENANCE');
  const parsed = (await contractsFor(ctx.db, input.customerId, now)).bankInfo.safeParse(input.body);
  if (!parsed.success) throw validationError(parsed.error);
  const next = parsed.data as Record<string, unknown>;
  if (samePayoutDestination(current.account, next)) {
    throw new AppError('PAYOUT_UNCHANGED', {
      status: 400,
      details: [{ field: 'account', code: 'PAYOUT_UNCHANGED' }],
    });
  }
  const applicationId = current.applicationId;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(applicationSteps)
      .set({ data: next, updatedAt: now })
      .where(and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.step, 'bankInfo')));
    await tx.insert(applicationEvents).values({
      id: randomUUID(),
      applicationId,
      type: 'payout_account_changed',
      step: 'bankInfo',
      at: now,
      detail: { by: 'borrower', route: 'changeBank' },
    });
  });
  return getPayoutAccount(ctx, { customerId: input.customerId });
}
