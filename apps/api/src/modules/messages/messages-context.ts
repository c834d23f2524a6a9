import type { FastifyInstance } from 'fastify';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';

/**
 * What the message-centre use cases need, built once by its routes (`messagesContext(app)`).
 * Use cases: listMessages, getMessage, countUnread, markMessageRead, markAllRead. `recordMessage`
 * runs inside the caller's transaction and takes `tx`: every module that has something to tell the
 * borrower writes the message with the event itself.
 */
export type MessagesContext = BaseContext;

export function messagesContext(app: FastifyInstance): MessagesContext {
  return baseContext(app);
}
