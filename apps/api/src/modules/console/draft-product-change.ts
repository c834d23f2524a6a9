import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settingsToProduct, type ProductChangeRequest, type ProductChangeView } from '@pisonow/domain';
import { approvalRequests, operators } from '../../db/schema/index.ts';
import type { BaseContext } from '../../lib/base-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkedProduct } from '../lending/product-config.ts';
import type { Actor } from './audit.ts';
import { auditedAction } from './money-context.ts';
import {
  activeProduct,
  PRODUCT_CHANGE,
  productChangeView,
  settingsOf,
  type ProductChangePayload,
} from './product-change-view.ts';

/**
 * POST /api/console/product/changes (CO-06, maker): an admin drafts new values of the product's
 * business constants with a reason, on the version in force (`baseVersion`). A draft that would
 * breach any SEC cap for any amount and term it offers is refused (PRODUCT_BREACHES_CAPS, 422),
 * one drafted on a version no longer in force too (PRODUCT_CHANGE_STALE, 409); nothing is written
 * but the refusal's audit entry. Nothing takes effect until a different admin approves. The
 * request key makes a second submit find the first draft.
 */
export async function draftProductChange(
  ctx: BaseContext,
  input: { actor: Actor } & ProductChangeRequest,
): Promise<ProductChangeView> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const idempotencyKey = `product:${input.requestKey}`;
  const what = { action: 'product.change.draft', targetType: 'product_change', targetId: id };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const [previous] = await tx
      .select({ request: approvalRequests, makerEmail: operators.email })
      .from(approvalRequests)
      .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
      .where(eq(approvalRequests.idempotencyKey, idempotencyKey));
    if (previous) {
      if (previous.request.kind !== PRODUCT_CHANGE || previous.request.makerId !== input.actor.operatorId)
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const p = previous.request.payload as unknown as ProductChangePayload;
      return {
        result: productChangeView(
          previous.request,
          previous.makerEmail,
          settingsToProduct(p.baseVersion, p.config),
        ),
        audit: { replayed: true, detail: { changeId: previous.request.id } },
      };
    }
    const candidate = checkedProduct(input.config);
    const active = await activeProduct(tx);
    if (active.product.version !== input.baseVersion) throw new AppError('PRODUCT_CHANGE_STALE');
    const payload: ProductChangePayload = { baseVersion: input.baseVersion, config: input.config };
    const [row] = await tx
      .insert(approvalRequests)
      .values({
        id,
        kind: PRODUCT_CHANGE,
        payload: payload as unknown as Record<string, unknown>,
        orderId: null,
        reason: input.reason,
        state: 'pending',
        makerId: input.actor.operatorId!,
        idempotencyKey,
        createdAt: now,
      })
      .returning();
    return {
      result: productChangeView(row!, input.actor.email ?? '', { ...candidate, version: input.baseVersion }),
      audit: {
        before: { version: active.product.version, config: settingsOf(active.product) },
        after: { state: 'pending', config: input.config },
        detail: { reason: input.reason, baseVersion: input.baseVersion },
      },
    };
  });
}
