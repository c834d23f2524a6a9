import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openDisputeRequest } from './disputes.ts';
import { consoleCouponGrantRequest } from './console-engagement.ts';
import { waiverRequest } from './console.ts';

/**
 * zod runs a refinement even after the field's regex failed, so a refinement that calls BigInt()
 * on what the client sent threw on "12a" or "١٢" and the server answered 500 (found by the schema
 * fuzzer on POST /api/orders/{id}/disputes). Every amount refinement must refuse, never throw.
 */
describe('amount refinements refuse what is not a number of centavos (ER-01, BE-10)', () => {
  const notDigits = fc.string({ unit: 'binary', minLength: 1 }).filter((s) => !/^\d+$/.test(s));

  it('a payment dispute with a non-numeric amount is a validation failure, not an exception', () => {
    fc.assert(
      fc.property(notDigits, (amount) => {
        const parsed = openDisputeRequest.safeParse({
          providerCode: 'GCASH',
          reference: 'ABCD1234',
          amount,
          paidOn: '2026-11-20',
          receiptPhotoId: '06f4f36b-ffe7-4fff-8000-000afbf49af9',
        });
        expect(parsed.success).toBe(false);
      }),
    );
  });

  it('an operator coupon and a waiver with non-numeric amounts are refused, not thrown', () => {
    fc.assert(
      fc.property(notDigits, notDigits, (a, b) => {
        expect(consoleCouponGrantRequest.safeParse({ amount: a }).success).toBe(false);
        expect(waiverRequest.safeParse({ lateCharge: a, penalty: '5', reason: 'x' }).success).toBe(false);
        expect(waiverRequest.safeParse({ lateCharge: a, penalty: b, reason: 'x' }).success).toBe(false);
      }),
    );
  });

  it('the limits still hold for numbers: a dispute under ₱1 is refused', () => {
    const base = { providerCode: 'GCASH', reference: 'ABCD1234', paidOn: '2026-11-20' };
    const receiptPhotoId = '06f4f36b-ffe7-4fff-8000-000afbf49af9';
    expect(openDisputeRequest.safeParse({ ...base, amount: '99', receiptPhotoId }).success).toBe(false);
    expect(openDisputeRequest.safeParse({ ...base, amount: '100', receiptPhotoId }).success).toBe(true);
  });
});
