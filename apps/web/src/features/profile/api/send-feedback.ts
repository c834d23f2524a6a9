import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { FeedbackRequest, FeedbackResponse } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** POST /api/feedback (VAL-11): stored once per key, so a double tap sends it once. */
export function sendFeedback({
  body,
  idempotencyKey,
}: {
  body: FeedbackRequest;
  idempotencyKey: string;
}): Promise<FeedbackResponse> {
  return api.request<FeedbackResponse>('/api/feedback', { method: 'POST', auth: true, body, idempotencyKey });
}

export function useSendFeedback() {
  return useMutation(mutationOptions({ mutationKey: ['support', 'feedback'], mutationFn: sendFeedback }));
}
