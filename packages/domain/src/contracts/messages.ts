import { z } from 'zod';
import { MESSAGE_EVENTS, MESSAGE_KINDS } from '../engagement/messages.ts';

/** Message centre contracts (EN-08). Messages come rendered in the request's language. */
export const messageView = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  event: z.enum(MESSAGE_EVENTS),
  title: z.string(),
  body: z.string(),
  /** the loan it is about, for a link to its bill */
  orderId: z.uuid().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

export const messageListQuery = z.object({
  kind: z.enum(MESSAGE_KINDS).optional(),
  /** the `createdAt|id` of the last message of the previous page */
  before: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageListResponse = z.object({
  messages: z.array(messageView),
  /** pass as `before` for the next page; null at the end */
  next: z.string().nullable(),
});
export type MessageListResponse = z.infer<typeof messageListResponse>;

export const unreadCountResponse = z.object({
  total: z.number().int().min(0),
  activity: z.number().int().min(0),
  notify: z.number().int().min(0),
});
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

export const markAllReadRequest = z.object({ kind: z.enum(MESSAGE_KINDS).optional() });
export type MarkAllReadRequest = z.infer<typeof markAllReadRequest>;
