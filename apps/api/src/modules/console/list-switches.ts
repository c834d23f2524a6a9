import { SWITCH_KEYS, type SwitchKey, type SwitchListResponse } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { operationalSwitches } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ReviewContext } from './review-context.ts';

/** The value each switch has when no admin has set it (the environment's, for RO-02). */
export function switchDefaults(ctx: Pick<ReviewContext, 'bankChangeMaintenanceDefault'>) {
  return {
    bankChangeMaintenance: ctx.bankChangeMaintenanceDefault,
    pauseNewApplications: false,
  } satisfies Record<SwitchKey, boolean>;
}

export async function switchViews(
  db: Db | Tx,
  defaults: Record<SwitchKey, boolean>,
): Promise<SwitchListResponse['switches']> {
  const rows = await db.select().from(operationalSwitches);
  return SWITCH_KEYS.map((key) => {
    const row = rows.find((r) => r.key === key);
    return {
      key,
      on: row ? row.on : defaults[key],
      source: row ? ('console' as const) : ('default' as const),
      defaultOn: defaults[key],
      reason: row?.reason ?? null,
      updatedBy: row?.updatedByEmail ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/** GET /api/console/switches (admin): every operational switch, its value and who set it when; audited. */
export async function listSwitches(ctx: ReviewContext, input: { actor: Actor }): Promise<SwitchListResponse> {
  await recordAudit(ctx.db, ctx.clock, input.actor, { action: 'switch.list', targetType: 'switch' });
  return { switches: await switchViews(ctx.db, switchDefaults(ctx)) };
}
