import type { DelinquencyBucket } from '@pisonow/domain';
import type { Config } from '../../config.ts';
import type { BaseContext } from '../../lib/base-context.ts';
import type { CollectionProvider } from '../../providers/collection/collection-provider.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';

/**
 * What the servicing use cases need, built once by the servicing plugin (`servicingContext(app)` in
 * routes.ts); every use case takes `(ctx, input)`. Not use cases, and so in their own shape: the
 * loan-record helpers (loadLoan, applyLoanEvent, …: they run inside the caller's transaction and
 * take `tx`), pendingRepayments (the same), and the pure formatters (repaymentView, the extension
 * disclosure, the reminder templates).
 */
export interface ServicingContext extends BaseContext {
  collections: CollectionProvider;
  sms: SmsProvider;
  /** where the provider sends the browser back after an e-wallet checkout */
  publicBaseUrl: string;
  bankChangeMaintenance: boolean;
  /** accrual batches at once (BE-06; each its own connection) */
  accrualParallelism: number;
  /** the configured days-past-due buckets the day job classifies loans into (BE-15) */
  delinquencyBuckets: readonly DelinquencyBucket[];
  companyName: string;
  /** the lender as the statement and the clearance letter name it (BE-12) */
  company: Pick<Config, 'COMPANY_NAME' | 'COMPANY_SEC_REG_NO' | 'COMPANY_CA_NO'>;
}
