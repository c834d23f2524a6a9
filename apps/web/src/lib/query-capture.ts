import type { CoCoreData } from './store/co-core.ts';

/** SH-07: the landing-URL parameters the app keeps. */
export const CAPTURED_FLAGS = ['isBrowser', 'standalone', 'Messenger'] as const;
export const PROMOTION_FIELDS = ['campaign', 'adgroup', 'creative'] as const;

export type QueryCapture = Partial<Pick<CoCoreData, 'isBrowser' | 'standalone' | 'Messenger' | 'promotion'>>;

const MAX_LENGTH = 128; // same bound as the server's promotionSchema

/**
 * Reads what a URL carries. Flags are kept individually when present. The three campaign fields
 * form one attribution, so if any is present they replace the stored promotion together; a URL
 * with none of them leaves the earlier attribution alone.
 */
export function parseQueryCapture(params: URLSearchParams): QueryCapture {
  const patch: QueryCapture = {};
  for (const flag of CAPTURED_FLAGS) {
    const value = params.get(flag);
    if (value !== null) patch[flag] = value.slice(0, MAX_LENGTH);
  }
  if (PROMOTION_FIELDS.some((field) => params.has(field))) {
    const promotion: NonNullable<QueryCapture['promotion']> = {};
    for (const field of PROMOTION_FIELDS) {
      const value = params.get(field)?.trim();
      if (value) promotion[field] = value.slice(0, MAX_LENGTH);
    }
    patch.promotion = promotion;
  }
  return patch;
}

/** The promotion to send with login, or undefined when there is none. */
export function promotionForLogin(promotion: CoCoreData['promotion']): CoCoreData['promotion'] | undefined {
  return PROMOTION_FIELDS.some((field) => promotion[field]) ? promotion : undefined;
}
