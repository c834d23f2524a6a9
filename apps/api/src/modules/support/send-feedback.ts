import { randomUUID } from 'node:crypto';
import type { FeedbackRequest, FeedbackResponse, Locale } from '@pisonow/domain';
import { feedback } from '../../db/schema/index.ts';
import type { SupportContext } from './support-context.ts';

/**
 * Feedback (VAL-11): stored for operations with the borrower and the language it was written in.
 * The route requires an Idempotency-Key, so a double tap or a retry stores it once.
 */
export async function sendFeedback(
  ctx: SupportContext,
  input: { customerId: string; request: FeedbackRequest; locale: Locale },
): Promise<FeedbackResponse> {
  const receivedAt = ctx.clock.now();
  const id = randomUUID();
  await ctx.db.insert(feedback).values({
    id,
    customerId: input.customerId,
    body: input.request.body,
    locale: input.locale,
    createdAt: receivedAt,
  });
  return { id, receivedAt: receivedAt.toISOString() };
}
