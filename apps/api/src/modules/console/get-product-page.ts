import { desc, eq } from 'drizzle-orm';
import { settingsToProduct, type ProductPageResponse } from '@pisonow/domain';
import { approvalRequests, operators } from '../../db/schema/index.ts';
import type { BaseContext } from '../../lib/base-context.ts';
import { recordAudit, type Actor } from './audit.ts';
import {
  activeProduct,
  PRODUCT_CHANGE,
  productChangeView,
  settingsOf,
  worstCasesOf,
  type ProductChangePayload,
} from './product-change-view.ts';

/**
 * GET /api/console/product (CO-06): the version in force with its worst case against every cap,
 * and the product changes, pending first. Viewing it is audited like every console read.
 */
export async function getProductPage(
  ctx: BaseContext,
  input: { actor: Actor },
): Promise<ProductPageResponse> {
  const active = await activeProduct(ctx.db);
  const rows = await ctx.db
    .select({ request: approvalRequests, makerEmail: operators.email })
    .from(approvalRequests)
    .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
    .where(eq(approvalRequests.kind, PRODUCT_CHANGE))
    .orderBy(desc(approvalRequests.createdAt))
    .limit(50);
  rows.sort((a, b) => Number(b.request.state === 'pending') - Number(a.request.state === 'pending'));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'product.view',
    targetType: 'product',
    targetId: String(active.product.version),
    detail: { changes: rows.length },
  });
  return {
    active: {
      version: active.product.version,
      createdAt: active.createdAt?.toISOString() ?? null,
      createdBy: active.createdBy,
      config: settingsOf(active.product),
      worstCases: worstCasesOf(active.product),
    },
    changes: rows.map(({ request, makerEmail }) => {
      const p = request.payload as unknown as ProductChangePayload;
      return productChangeView(request, makerEmail, settingsToProduct(p.baseVersion, p.config));
    }),
  };
}
