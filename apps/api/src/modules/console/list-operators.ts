import { asc } from 'drizzle-orm';
import type { OperatorRole } from '@pisonow/domain';
import { operators } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';

/** GET /api/console/operators (admin): who can sign in to the console. Audited. */
export async function listOperators(ctx: ConsoleContext, input: { actor: Actor }) {
  const rows = await ctx.db.select().from(operators).orderBy(asc(operators.email));
  await recordAudit(ctx.db, ctx.clock, input.actor, { action: 'operators.view', targetType: 'operator' });
  const now = ctx.clock.now();
  return {
    operators: rows.map((o) => ({
      id: o.id,
      email: o.email,
      role: o.role as OperatorRole,
      createdAt: o.createdAt.toISOString(),
      lockedUntil: o.lockedUntil && o.lockedUntil > now ? o.lockedUntil.toISOString() : null,
      disabled: o.disabledAt !== null,
    })),
  };
}
