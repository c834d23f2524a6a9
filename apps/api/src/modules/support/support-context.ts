import type { FastifyInstance } from 'fastify';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';

/** What the support use cases need (`supportContext(app)`). Use case: sendFeedback. */
export type SupportContext = BaseContext;

export function supportContext(app: FastifyInstance): SupportContext {
  return baseContext(app);
}
