import {
  manilaDate,
  type DisputeRejectionReason,
  type DisputeStatus,
  type DisputeView,
} from '@pisonow/domain';
import type { loanChargePauses, paymentDisputes } from '../../db/schema/index.ts';

type DisputeRow = typeof paymentDisputes.$inferSelect;
type PauseRow = typeof loanChargePauses.$inferSelect;

/** A payment dispute as its borrower sees it, with the charge pause it opened (BE-10). */
export function disputeView(d: DisputeRow, pause: PauseRow | undefined): DisputeView {
  return {
    id: d.id,
    orderId: d.orderId,
    providerCode: d.providerCode,
    reference: d.reference,
    amount: d.amount.toString(),
    paidOn: d.paidOn,
    status: d.status as DisputeStatus,
    rejectionReason: (d.rejectionReason as DisputeRejectionReason | null) ?? null,
    chargesPausedFrom: pause?.fromDate ?? manilaDate(d.createdAt),
    chargesPausedUntil: pause?.untilDate ?? null,
    createdAt: d.createdAt.toISOString(),
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
  };
}
