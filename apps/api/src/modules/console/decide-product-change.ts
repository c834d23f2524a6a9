import { and, eq } from 'drizzle-orm';
import { settingsToProduct, type ProductChangeView } from '@pisonow/domain';
import { approvalRequests, operators, productConfigs } from '../../db/schema/index.ts';
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
 * POST /api/console/product/changes/:changeId/approve | reject (CO-06, checker): a different admin
 * decides. The checker is never the maker (APPROVAL_SAME_OPERATOR here, and the CHECK of
 * approval_requests in the database). Approving inserts the next product version, in force for new
 * orders from then on (orders already booked keep theirs): refused when another version came into
 * force since the draft (PRODUCT_CHANGE_STALE), and checked against the caps again. The request row
 * is locked, and a version row names its change (unique), so simultaneous approvals create exactly
 * one version; the same decision again by the same admin answers with the change as decided.
 */
export async function decideProductChange(
  ctx: BaseContext,
  input: { actor: Actor; changeId: string; decision: 'approved' | 'rejected'; reason?: string },
): Promise<ProductChangeView> {
  const now = ctx.clock.now();
  const what = {
    action: input.decision === 'approved' ? 'product.change.approve' : 'product.change.reject',
    targetType: 'product_change',
    targetId: input.changeId,
  };
  return auditedAction(ctx, input.actor, what, async (tx) => {
    const [request] = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.id, input.changeId), eq(approvalRequests.kind, PRODUCT_CHANGE)))
      .for('update');
    if (!request) throw new AppError('NOT_FOUND');
    if (request.makerId === input.actor.operatorId) throw new AppError('APPROVAL_SAME_OPERATOR');
    const [maker] = await tx
      .select({ email: operators.email })
      .from(operators)
      .where(eq(operators.id, request.makerId));
    const payload = request.payload as unknown as ProductChangePayload;
    const drafted = settingsToProduct(payload.baseVersion, payload.config);
    if (request.state !== 'pending') {
      if (request.state === input.decision && request.checkerId === input.actor.operatorId)
        return {
          result: productChangeView(request, maker!.email, drafted),
          audit: { replayed: true, detail: { version: payload.version ?? null } },
        };
      throw new AppError('APPROVAL_NOT_PENDING');
    }
    const active = await activeProduct(tx);
    let after: Record<string, unknown> = { state: input.decision };
    let nextPayload: ProductChangePayload = payload;
    if (input.decision === 'approved') {
      if (active.product.version !== payload.baseVersion) throw new AppError('PRODUCT_CHANGE_STALE');
      const candidate = checkedProduct(payload.config);
      const version = payload.baseVersion + 1;
      // another change approved on the same base at the same moment took this number: stale
      const inserted = await tx
        .insert(productConfigs)
        .values({
          version,
          config: payload.config as unknown as Record<string, unknown>,
          createdAt: now,
          createdBy: `operator:${input.actor.operatorId}`,
          approvalRequestId: request.id,
        })
        .onConflictDoNothing()
        .returning({ version: productConfigs.version });
      if (inserted.length === 0) throw new AppError('PRODUCT_CHANGE_STALE');
      nextPayload = { ...payload, version };
      after = { state: 'approved', version, config: settingsOf({ ...candidate, version }) };
    }
    const [decided] = await tx
      .update(approvalRequests)
      .set({
        state: input.decision,
        checkerId: input.actor.operatorId,
        decidedAt: now,
        decisionReason: input.reason ?? null,
        payload: nextPayload as unknown as Record<string, unknown>,
      })
      .where(eq(approvalRequests.id, request.id))
      .returning();
    return {
      result: productChangeView(decided!, maker!.email, drafted),
      audit: {
        before: { state: 'pending', version: active.product.version, config: settingsOf(active.product) },
        after,
        detail: {
          makerId: request.makerId,
          reason: request.reason,
          baseVersion: payload.baseVersion,
          ...(input.reason ? { decisionReason: input.reason } : {}),
        },
      },
    };
  });
}
