import type { Centavos } from '../money.ts';
import { balanced, type LedgerEntry } from './ledger.ts';
import { DEFAULT_DELINQUENCY_BUCKETS, type DelinquencyBucket, type LoanPosition } from './portfolio.ts';

/**
 * Provisioning for credit losses by days-past-due band (BE-15), booked at each month-end closure:
 * the allowance the book needs is each open loan's outstanding balance times its bucket's rate; the
 * journal entry moves the allowance from what it was to that figure (a charge to provision expense,
 * or a release). Written-off loans are not in it: their whole value already sits in
 * `allowance_written_off`. The rates follow the banding of the BSP's provisioning guidelines for
 * unsecured consumer loans; finance and the external auditor confirm them (docs/compliance.md).
 */
export const PROVISION_RATES_BP: Readonly<Record<string, number>> = Object.freeze({
  current: 100,
  '1-30': 500,
  '31-60': 2_500,
  '61-90': 5_000,
  '90+': 10_000,
});

/**
 * Provisioning rates as configured (PROVISION_RATES_BP): `bucket:basisPoints` separated by commas,
 * one for every bucket of `buckets`, each 0–10,000. Throws a RangeError naming every problem.
 */
export function parseProvisionRates(
  text: string,
  buckets: readonly DelinquencyBucket[],
): Readonly<Record<string, number>> {
  const rates: Record<string, number> = {};
  const problems: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([\w+-]{1,20}):(\d{1,5})$/.exec(part);
    if (!match || Number(match[2]) > 10_000) problems.push(`"${part}" is not bucket:basisPoints (0–10000)`);
    else rates[match[1]!] = Number(match[2]);
  }
  for (const b of buckets) if (rates[b.id] === undefined) problems.push(`no rate for bucket ${b.id}`);
  for (const id of Object.keys(rates))
    if (!buckets.some((b) => b.id === id)) problems.push(`${id} is not a configured bucket`);
  if (problems.length) throw new RangeError(problems.join('; '));
  return Object.freeze(rates);
}

/** The default rates in the configuration's notation. */
export const DEFAULT_PROVISION_RATES_TEXT = Object.entries(PROVISION_RATES_BP)
  .map(([id, bp]) => `${id}:${bp}`)
  .join(',');

export interface ProvisionRow {
  bucket: string;
  loans: number;
  outstanding: Centavos;
  rateBp: number;
  required: Centavos;
}

/** The allowance required for these positions (per loan, rounded down to the centavo). */
export function provisionRequired(
  positions: readonly LoanPosition[],
  buckets: readonly DelinquencyBucket[] = DEFAULT_DELINQUENCY_BUCKETS,
  rates: Readonly<Record<string, number>> = PROVISION_RATES_BP,
): { rows: ProvisionRow[]; total: Centavos } {
  const rows = buckets.map((b): ProvisionRow => {
    const rateBp = rates[b.id];
    if (rateBp === undefined) throw new RangeError(`no provisioning rate for bucket ${b.id}`);
    const mine = positions.filter((p) => p.bucket === b.id);
    return {
      bucket: b.id,
      loans: mine.length,
      outstanding: mine.reduce((s, p) => s + p.totalOutstanding, 0n),
      rateBp,
      required: mine.reduce((s, p) => s + (p.totalOutstanding * BigInt(rateBp)) / 10_000n, 0n),
    };
  });
  return { rows, total: rows.reduce((s, r) => s + r.required, 0n) };
}

/**
 * The month-end entry that brings the allowance (`current`, as a positive figure) to `required`:
 * none when they are equal.
 */
export function provisioningEntries(required: Centavos, current: Centavos): LedgerEntry[] {
  const delta = required - current;
  if (delta === 0n) return [];
  return balanced([
    { account: 'provision_expense', amount: delta },
    { account: 'allowance_for_credit_losses', amount: -delta },
  ]);
}
