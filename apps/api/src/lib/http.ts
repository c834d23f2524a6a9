import { z } from 'zod';

/** The error body every route documents (see the error table in @pisonow/domain). */
export const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
