import { and, count, eq, isNull } from 'drizzle-orm';
import { type MessageKind, type UnreadCountResponse } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';

import type { MessagesContext } from './messages-context.ts';

/** The unread count the app polls: one query over the partial index of unread rows. */
export async function countUnread(
  ctx: MessagesContext,
  input: { customerId: string },
): Promise<UnreadCountResponse> {
  const rows = await ctx.db
    .select({ kind: messages.kind, n: count() })
    .from(messages)
    .where(and(eq(messages.customerId, input.customerId), isNull(messages.readAt)))
    .groupBy(messages.kind);
  const of = (k: MessageKind) => Number(rows.find((r) => r.kind === k)?.n ?? 0);
  return { activity: of('activity'), notify: of('notify'), total: of('activity') + of('notify') };
}
