import type { FastifyInstance } from 'fastify';
import { baseContext, type BaseContext } from '../../lib/base-context.ts';

/**
 * What the complaint use cases need (`complaintsContext(app)`), borrower and console side alike:
 * fileComplaint, listMyComplaints, getMyComplaint, listComplaintQueue, progressComplaint.
 */
export interface ComplaintsContext extends BaseContext {
  /** calendar days to the promised resolution date (COMPLAINT_RESOLUTION_DAYS, default 30) */
  resolutionDays: number;
}

export function complaintsContext(app: FastifyInstance): ComplaintsContext {
  return { ...baseContext(app), resolutionDays: app.config.COMPLAINT_RESOLUTION_DAYS };
}
