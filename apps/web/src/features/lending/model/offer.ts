import type { LoanOfferResponse } from '@pisonow/domain';

/** `GET /api/loans/offer`: the domain's contracts, shared with the server (amounts are centavo strings, CO-01). */
export type LoanOffer = LoanOfferResponse;
export type Quote = LoanOffer['quotes'][number];

export interface Choice {
  /** centavos as a decimal string, as the server speaks it */
  amount: string;
  termDays: number;
  /** EN-07: a withdrawal coupon chosen on /allWithdraw, carried to the documents and the order */
  couponId?: string;
}

const byPrincipal = (a: string, b: string) => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The terms that have at least one offer, in the product's order. */
export function offeredTerms(offer: Pick<LoanOffer, 'terms' | 'quotes'>): number[] {
  return offer.terms.filter((term) => offer.quotes.some((q) => q.termDays === term));
}

/** The offered amounts for one term, smallest first (the amount control's stops). */
export function amountsFor(quotes: readonly Quote[], termDays: number): string[] {
  return [...new Set(quotes.filter((q) => q.termDays === termDays).map((q) => q.principal))].sort(
    byPrincipal,
  );
}

export function findQuote(quotes: readonly Quote[], choice: Choice): Quote | undefined {
  return quotes.find((q) => q.termDays === choice.termDays && q.principal === choice.amount);
}

/** The page opens on the largest amount offered (spec: the default amount is the maximum loanable), first term. */
export function defaultChoice(offer: Pick<LoanOffer, 'terms' | 'quotes'>): Choice | null {
  const term = offeredTerms(offer)[0];
  if (term === undefined) return null;
  const amounts = amountsFor(offer.quotes, term);
  const largest = amounts[amounts.length - 1];
  return largest === undefined ? null : { amount: largest, termDays: term };
}

/**
 * A new term keeps the amount when that term offers it, else the nearest offered amount below it
 * (never more than the borrower chose), else the smallest.
 */
export function withTerm(quotes: readonly Quote[], choice: Choice, termDays: number): Choice {
  const amounts = amountsFor(quotes, termDays);
  if (amounts.includes(choice.amount)) return { amount: choice.amount, termDays };
  const below = amounts.filter((a) => BigInt(a) <= BigInt(choice.amount));
  return { amount: below[below.length - 1] ?? amounts[0] ?? choice.amount, termDays };
}

/** `?amount=200000&termDays=14` from the URL; null when either is missing or malformed. */
export function parseChoice(params: URLSearchParams): Choice | null {
  const amount = params.get('amount') ?? '';
  const term = params.get('termDays') ?? '';
  if (!/^\d{1,12}$/.test(amount) || !/^\d{1,3}$/.test(term)) return null;
  const coupon = params.get('coupon') ?? '';
  return {
    amount,
    termDays: Number(term),
    ...(/^[0-9a-f-]{36}$/i.test(coupon) ? { couponId: coupon } : {}),
  };
}

export function choiceSearch(choice: Choice): string {
  return new URLSearchParams({
    amount: choice.amount,
    termDays: String(choice.termDays),
    ...(choice.couponId ? { coupon: choice.couponId } : {}),
  }).toString();
}
