import { eq, sql } from 'drizzle-orm';
import { type Locale, type MessageView } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { MessagesContext } from './messages-context.ts';
import { messageView } from './message-view.ts';

/** Marks one of my messages read (the first read time is kept); answers it. */
export async function markMessageRead(
  ctx: MessagesContext,
  input: { customerId: string; messageId: string; locale: Locale },
): Promise<MessageView> {
  const [row] = await ctx.db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, ${ctx.clock.now().toISOString()}::timestamptz)` })
    .where(ownedBy(messages, input.customerId, eq(messages.id, input.messageId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return messageView(row, input.locale);
}
