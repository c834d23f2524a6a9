import { eq } from 'drizzle-orm';
import type { SwitchKey, SwitchListResponse } from '@pisonow/domain';
import { operationalSwitches } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import { switchDefaults, switchViews } from './list-switches.ts';
import type { ReviewContext } from './review-context.ts';

/**
 * POST /api/console/switches/:key (admin, issue 11): turns an operational switch on or off, with a
 * reason; stored with who and when, audited with the value before and after in the same
 * transaction. The stored value overrides the environment's default from then on.
 */
export async function setSwitch(
  ctx: ReviewContext,
  input: { actor: Actor; key: SwitchKey; on: boolean; reason: string },
): Promise<SwitchListResponse['switches'][number]> {
  const now = ctx.clock.now();
  const defaults = switchDefaults(ctx);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(operationalSwitches)
      .where(eq(operationalSwitches.key, input.key))
      .for('update');
    const values = {
      on: input.on,
      reason: input.reason,
      updatedBy: input.actor.operatorId!,
      updatedByEmail: input.actor.email ?? '',
      updatedAt: now,
    };
    await tx
      .insert(operationalSwitches)
      .values({ key: input.key, ...values })
      .onConflictDoUpdate({ target: operationalSwitches.key, set: values });
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'switch.set',
      targetType: 'switch',
      targetId: input.key,
      before: { on: before ? before.on : defaults[input.key], source: before ? 'console' : 'default' },
      after: { on: input.on, source: 'console' },
      detail: { reason: input.reason },
    });
    return (await switchViews(tx, defaults)).find((s) => s.key === input.key)!;
  });
}
