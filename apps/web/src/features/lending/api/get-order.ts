import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ORDER_STATUSES } from '@pisonow/domain';
import { api } from '../../../lib/api/index.ts';

/** An order as `GET /api/orders/:id` shows it to its owner (amounts in centavo strings). */
export const orderViewSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ST-01: the label, already in the request's language */
  label: z.object({ key: z.string(), text: z.string(), days: z.number().int().optional() }),
  principal: z.string(),
  termDays: z.number().int(),
  dailyInterestPpm: z.number().int(),
  interest: z.string(),
  serviceFee: z.string(),
  coupon: z.string(),
  creditReportingFee: z.string(),
  tax: z.string(),
  netProceeds: z.string(),
  totalRepayment: z.string(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  disbursedAt: z.string().nullable(),
  payout: z
    .object({
      attempt: z.number().int(),
      state: z.string(),
      failureCode: z.string().nullable(),
      /** the payout reference (UTR) */
      reference: z.string().nullable(),
      /** remittance pickup */
      claimCode: z.string().nullable(),
      channel: z.string(),
      providerCode: z.string(),
    })
    .nullable(),
  documents: z.array(z.object({ kind: z.string(), sha256: z.string(), url: z.string() })),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderKey = (orderId: string) => ['orders', 'one', orderId] as const;

export function fetchOrder(orderId: string, signal?: AbortSignal): Promise<OrderView> {
  return api.request(`/api/orders/${encodeURIComponent(orderId)}`, { auth: true, signal, parse: (data) => orderViewSchema.parse(data) });
}

/** Disbursement runs as a job (seconds in sandbox, up to 24 h live): ask again every 3 s while it runs. */
export const POLL_MS = 3_000;

export const orderQuery = (orderId: string) =>
  queryOptions({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => fetchOrder(orderId, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'disbursing' ? POLL_MS : false),
  });

export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
}
