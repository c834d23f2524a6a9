import { PAYOUT_CHANNELS, type PayoutChannel } from '@pisonow/domain';

/** The fix-account form's values: strings as typed; the bankInfo contract cleans and checks them. */
export interface PayoutFormValues {
  channel: string;
  providerCode: string;
  account: string;
  confirmAccount: string;
  branchCode: string;
  payeeFirstName: string;
  payeeMiddleName: string;
  payeeLastName: string;
  withdrawalPhone: string;
}

export const PAYOUT_FIELDS: readonly (keyof PayoutFormValues)[] = [
  'channel',
  'providerCode',
  'account',
  'confirmAccount',
  'branchCode',
  'payeeFirstName',
  'payeeMiddleName',
  'payeeLastName',
  'withdrawalPhone',
];

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Prefill after a failed payout (ST-04): the same channel and provider and the payee's name and
 * phone as saved, but the account number left empty: the old one is what failed (VAL-07).
 */
export function payoutDefaults(
  saved: Record<string, unknown>,
  failed: { channel: string; providerCode: string } | null,
): PayoutFormValues {
  const channel = failed?.channel ?? str(saved.channel);
  return {
    channel: (PAYOUT_CHANNELS as readonly string[]).includes(channel) ? channel : 'ewallet',
    providerCode: failed?.providerCode ?? str(saved.providerCode),
    account: '',
    confirmAccount: '',
    branchCode: str(saved.branchCode),
    payeeFirstName: str(saved.payeeFirstName),
    payeeMiddleName: str(saved.payeeMiddleName),
    payeeLastName: str(saved.payeeLastName),
    withdrawalPhone: str(saved.withdrawalPhone),
  };
}

/** What is sent: empty optionals left out, account fields dropped for a cash pickup. */
export function payoutBody(values: Partial<Record<keyof PayoutFormValues, unknown>>): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of PAYOUT_FIELDS) {
    const value = str(values[key]).trim();
    if (!value) continue;
    if (
      values.channel === 'remittance' &&
      (key === 'account' || key === 'confirmAccount' || key === 'branchCode')
    )
      continue;
    if (values.channel !== 'bank' && key === 'branchCode') continue;
    body[key] = value;
  }
  return body;
}

/** Digits only, at most `max` (account numbers). */
export function digitsInput(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}

/** The mobile field holds the 10 digits after +63: a pasted 09…/+639… is cut down to them. */
export function mobileDigits(raw: string): string {
  const d = raw.replace(/\D/g, '');
  const local = d.startsWith('63') && d.length > 10 ? d.slice(2) : d.startsWith('0') ? d.slice(1) : d;
  return local.slice(0, 10);
}

export function accountMax(channel: PayoutChannel | string): number {
  return channel === 'ewallet' ? 11 : 16;
}
