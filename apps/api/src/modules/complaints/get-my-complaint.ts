import { and, eq } from 'drizzle-orm';
import type { ComplaintView, Locale } from '@pisonow/domain';
import { complaints } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { complaintView } from './complaint-view.ts';
import type { ComplaintsContext } from './complaints-context.ts';

/** GET /api/complaints/:complaintId (BE-11): one of the borrower's own; anyone else's is "not found". */
export async function getMyComplaint(
  ctx: ComplaintsContext,
  input: { customerId: string; complaintId: string; locale: Locale },
): Promise<ComplaintView> {
  const [row] = await ctx.db
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, input.complaintId), eq(complaints.customerId, input.customerId)));
  if (!row) throw new AppError('NOT_FOUND');
  return complaintView(row, input.locale);
}
