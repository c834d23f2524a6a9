import { desc, eq } from 'drizzle-orm';
import type { ComplaintListResponse, Locale } from '@pisonow/domain';
import { complaints } from '../../db/schema/index.ts';
import { complaintView } from './complaint-view.ts';
import type { ComplaintsContext } from './complaints-context.ts';

/** GET /api/complaints (BE-11): the signed-in borrower's own complaints, newest first. */
export async function listMyComplaints(
  ctx: ComplaintsContext,
  input: { customerId: string; locale: Locale },
): Promise<ComplaintListResponse> {
  const rows = await ctx.db
    .select()
    .from(complaints)
    .where(eq(complaints.customerId, input.customerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.ticketNumber));
  return { complaints: rows.map((r) => complaintView(r, input.locale)) };
}
