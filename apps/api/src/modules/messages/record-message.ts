import { randomUUID } from 'node:crypto';
import {
  MESSAGE_KIND_OF,
  messageParams,
  type MessageEvent,
  type MessageKind,
  type MessageParams,
} from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';

/**
 * Tells the borrower something (EN-08), inside the caller's transaction, so the message exists
 * exactly when the event does. `dedupeKey` names the business event (`disbursed:<order>`), so a
 * re-run job or a replayed webhook writes one message. Returns whether it was new.
 */
export async function recordMessage(
  tx: Db | Tx,
  input: {
    customerId: string;
    event: MessageEvent;
    /** an operator's notice chooses its tab; every other event has its own (MESSAGE_KIND_OF) */
    kind?: MessageKind;
    params?: MessageParams;
    orderId?: string | null;
    dedupeKey: string;
    at: Date;
  },
): Promise<boolean> {
  const params = messageParams.parse(input.params ?? {});
  const inserted = await tx
    .insert(messages)
    .values({
      id: randomUUID(),
      customerId: input.customerId,
      kind: input.kind ?? MESSAGE_KIND_OF[input.event],
      event: input.event,
      params,
      orderId: input.orderId ?? null,
      dedupeKey: input.dedupeKey,
      createdAt: input.at,
    })
    .onConflictDoNothing({ target: messages.dedupeKey })
    .returning({ id: messages.id });
  return inserted.length > 0;
}
