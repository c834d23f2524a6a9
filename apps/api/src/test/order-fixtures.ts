import type { client } from './test-app.ts';

/**
 * A withdrawal request as the web app sends it: the documents are previewed first, and the order
 * carries the product version and the hash of what was read (issue 7: what the borrower saw is
 * what is booked).
 */
export async function withdrawalBody(api: ReturnType<typeof client>, headers: Record<string, string>, over: Record<string, unknown> = {}) {
  const amount = (over.amount as string | undefined) ?? '200000';
  const termDays = (over.termDays as number | undefined) ?? 14;
  const preview = await api.json('GET', `/api/loans/documents?amount=${amount}&termDays=${termDays}`, undefined, headers);
  const seen = preview.status === 200 ? { productVersion: preview.body.productVersion as number, documentsSha256: preview.body.documentsSha256 as string } : { productVersion: 1, documentsSha256: '0'.repeat(64) };
  return { amount, termDays, agreeLoanAgreement: true, agreeSanctionLetter: true, ...seen, ...over };
}
