import { and, desc, eq, lt, or } from 'drizzle-orm';
import { type Locale, type MessageListQuery, type MessageListResponse } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { MessagesContext } from './messages-context.ts';
import { messageView } from './message-view.ts';

/** My messages, newest first, a page at a time (keyset paging on created_at, id). */
export async function listMessages(
  ctx: MessagesContext,
  input: { customerId: string; query: MessageListQuery; locale: Locale },
): Promise<MessageListResponse> {
  const { kind, before, limit } = input.query;
  let cursor: { at: Date; id: string } | null = null;
  if (before) {
    const [at, id] = before.split('|');
    const when = new Date(at ?? '');
    if (!id || Number.isNaN(when.getTime()) || !/^[0-9a-f-]{36}$/.test(id))
      throw new AppError('VALIDATION_FAILED');
    cursor = { at: when, id };
  }
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(
      ownedBy(
        messages,
        input.customerId,
        and(
          kind ? eq(messages.kind, kind) : undefined,
          cursor
            ? or(
                lt(messages.createdAt, cursor.at),
                and(eq(messages.createdAt, cursor.at), lt(messages.id, cursor.id)),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map((r) => messageView(r, input.locale)),
    next: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  };
}
