import {
  renderMessage,
  type Locale,
  type MessageEvent,
  type MessageKind,
  type MessageView,
} from '@pisonow/domain';
import type { messages } from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;

/** A stored message as its owner reads it, rendered in the request's language. */
export function messageView(row: MessageRow, locale: Locale): MessageView {
  const { title, body } = renderMessage(row.event as MessageEvent, row.params, locale);
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    event: row.event as MessageEvent,
    title,
    body,
    orderId: row.orderId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
