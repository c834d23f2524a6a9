import { z } from 'zod';

import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH } from '../support.ts';

export { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH };

export const feedbackRequest = z.strictObject({
  body: z
    .string({ error: 'FEEDBACK_TOO_SHORT' })
    .trim()
    .min(FEEDBACK_MIN_LENGTH, { error: 'FEEDBACK_TOO_SHORT' })
    .max(FEEDBACK_MAX_LENGTH, { error: 'VALIDATION_FAILED' })
    // line breaks are fine in feedback; other control characters never are
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(s), { error: 'VALIDATION_FAILED' }),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;

export const feedbackResponse = z.object({ id: z.uuid(), receivedAt: z.string() });
export type FeedbackResponse = z.infer<typeof feedbackResponse>;
