import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one bridge from a domain zod contract to react-hook-form (issue 9): the form's values are
 * turned into the request body first (`toBody`), the contract checks that body, and field errors
 * come back under the form's field names. `precheck` may answer first with errors of its own
 * (a discriminated union that reports a missing type on the root, say).
 *
 * The contract's input type is the request body, not the form's values, which is why the generic
 * zodResolver cannot be typed here; the single cast lives in this function instead of at each form.
 */
export function contractResolver<V extends FieldValues>(
  contract: z.ZodType,
  toBody: (values: V) => Record<string, unknown>,
  precheck?: (body: Record<string, unknown>) => FieldErrors<V> | undefined,
): Resolver<V> {
  const inner = zodResolver(
    contract as z.ZodType<FieldValues, FieldValues>,
  ) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const body = toBody(values);
    const early = precheck?.(body);
    if (early) return { values: {}, errors: early };
    const result = await inner(body, context, options as unknown as Parameters<Resolver<FieldValues>>[2]);
    return result as unknown as Awaited<ReturnType<Resolver<V>>>;
  };
}
