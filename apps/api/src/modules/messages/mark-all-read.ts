import { and, eq, isNull } from 'drizzle-orm';
import { type MarkAllReadRequest, type UnreadCountResponse } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';

import type { MessagesContext } from './messages-context.ts';
import { countUnread } from './count-unread.ts';

/** "Clear all unread" (EN-08): every unread message of mine (of one kind, if given) becomes read. */
export async function markAllRead(
  ctx: MessagesContext,
  input: { customerId: string; request: MarkAllReadRequest },
): Promise<UnreadCountResponse> {
  await ctx.db
    .update(messages)
    .set({ readAt: ctx.clock.now() })
    .where(
      and(
        eq(messages.customerId, input.customerId),
        isNull(messages.readAt),
        input.request.kind ? eq(messages.kind, input.request.kind) : undefined,
      ),
    );
  return countUnread(ctx, { customerId: input.customerId });
}
