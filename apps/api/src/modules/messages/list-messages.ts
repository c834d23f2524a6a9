import { and, desc, eq, lt, or } from 'drizzle-orm';
import { type Locale, type MessageListQuery, type MessageListResponse } from '@pisonow/domain';
import { messages } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownedBy } from '../../lib/owner-scope.ts';
import type { MessagesContext } from './messages-context.ts';
import { messageView } from './message-view.ts';

const CURSOR =
  /^((\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The `next` this endpoint handed out (`toISOString()|id`), and nothing else. `new Date()` accepts
 * far more than that: year 0 (PostgreSQL has none: the query failed with a 500), expanded years, a
 * 30 February it rolls over to March. So the text must have the exact form, name the instant it
 * parses to, and fall in the years a message can have (from 1970, within four digits).
 */
function pageCursor(before: string): { at: Date; id: string } {
  const [, at = '', year, id = ''] = CURSOR.exec(before) ?? [];
  const when = new Date(at);
  if (!at || Number(year) < 1970 || Number.isNaN(when.getTime()) || when.toISOString() !== at)
    throw new AppError('VALIDATION_FAILED');
  return { at: when, id };
}

/** My messages, newest first, a page at a time (keyset paging on created_at, id). */
export async function listMessages(
  ctx: MessagesContext,
  input: { customerId: string; query: MessageListQuery; locale: Locale },
): Promise<MessageListResponse> {
  const { kind, before, limit } = input.query;
  const cursor = before ? pageCursor(before) : null;
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
