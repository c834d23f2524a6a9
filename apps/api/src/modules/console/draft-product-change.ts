import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { settingsToProduct, type ProductChangeRequest, type ProductChangeView } from '@pisonow/domain';
import { approvalRequests, operators } from '../../db/schema/index.ts';
import type { BaseContext } from '../../lib/base-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkedProduct } from '../lending/product-config.ts';
import type { Actor } from './audit.ts';
import { auditedAction, type Audited } from './money-context.ts';
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
    // a second submit with the same key answers with the first draft, as the first did
    const replay = async (): Promise<Audited<ProductChangeView> | null> => {
      const [previous] = await tx
        .select({ request: approvalRequests, makerEmail: operators.email })
        .from(approvalRequests)
        .innerJoin(operators, eq(operators.id, approvalRequests.makerId))
        .where(eq(approvalRequests.idempotencyKey, idempotencyKey));
      if (!previous) return null;
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
    };
    const previous = await replay();
    if (previous) return previous;
    const candidate = checkedProduct(input.config);
    const active = await activeProduct(tx);
    if (active.product.version !== input.baseVersion) throw new AppError('PRODUCT_CHANGE_STALE');
    const payload: ProductChangePayload = { baseVersion: input.baseVersion, config: input.config };
    // SH-13: two submits at once both find no draft above; the key's unique index lets one insert
    // and makes the other wait for it, then skip (not fail with 23505) and answer with its draft
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
      .onConflictDoNothing({ target: approvalRequests.idempotencyKey })
      .returning();
    if (!row) {
      // the draft that took the key committed before the insert skipped, so this read sees it
      const drafted = await replay();
      if (!drafted) throw new Error(`approval request ${idempotencyKey} conflicted but cannot be read`);
      return drafted;
    }
    return {
      result: productChangeView(row, input.actor.email ?? '', { ...candidate, version: input.baseVersion }),
      audit: {
        before: { version: active.product.version, config: settingsOf(active.product) },
        after: { state: 'pending', config: input.config },
        detail: { reason: input.reason, baseVersion: input.baseVersion },
      },
    };
  });
}
