import { eq } from 'drizzle-orm';
import { type Locale, type MessageView } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { MessagesContext } from './messages-context.ts';
import { messageView } from './message-view.ts';

/** One of my messages; another borrower's id is simply not found. */
export async function getMessage(
  ctx: MessagesContext,
  input: { customerId: string; messageId: string; locale: Locale },
): Promise<MessageView> {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(ownedBy(messages, input.customerId, eq(messages.id, input.messageId)));
  if (!row) throw new AppError('NOT_FOUND');
  return messageView(row, input.locale);
}
