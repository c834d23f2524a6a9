import { desc } from 'drizzle-orm';
import {
  DEFAULT_PRODUCT,
  capWorstCases,
  productToSettings,
  worstCaseView,
  type ProductChangeView,
  type ProductConfig,
  type ProductSettings,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { productConfigs, type approvalRequests } from '../../db/schema/index.ts';
import { fromStored } from '../lending/product-config.ts';

/**
 * Product changes (issue 11, CO-06) are maker-checker requests in `approval_requests`, kind
 * `product_change`: the same table, the same database CHECK that the checker is never the maker,
 * the same pending → approved | rejected states and maker idempotency key as waivers. The payload
 * holds the drafted settings, the version they were drafted on and, once approved, the version
 * the approval created.
 */
export const PRODUCT_CHANGE = 'product_change';

export interface ProductChangePayload {
  baseVersion: number;
  config: ProductSettings;
  version?: number;
}

/** The active product version with when and by whom it was made (the seeded default if none). */
export async function activeProduct(
  db: Db | Tx,
): Promise<{ product: ProductConfig; createdAt: Date | null; createdBy: string }> {
  const [row] = await db.select().from(productConfigs).orderBy(desc(productConfigs.version)).limit(1);
  if (!row) return { product: DEFAULT_PRODUCT, createdAt: null, createdBy: 'seed' };
  return { product: fromStored(row.version, row.config), createdAt: row.createdAt, createdBy: row.createdBy };
}

export function settingsOf(product: ProductConfig): ProductSettings {
  return productToSettings(product);
}

export function worstCasesOf(product: ProductConfig) {
  return capWorstCases(product).map(worstCaseView);
}

export function productChangeView(
  r: typeof approvalRequests.$inferSelect,
  makerEmail: string,
  product: ProductConfig,
): ProductChangeView {
  const p = r.payload as unknown as ProductChangePayload;
  return {
    id: r.id,
    state: r.state as ProductChangeView['state'],
    baseVersion: p.baseVersion,
    version: p.version ?? null,
    config: p.config,
    reason: r.reason,
    decisionReason: r.decisionReason,
    makerId: r.makerId,
    makerEmail,
    checkerId: r.checkerId,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    worstCases: worstCasesOf(product),
  };
}
