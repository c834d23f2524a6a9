import { eq, sql } from 'drizzle-orm';
import {
  couponValidUntil,
  manilaDate,
  type ConsoleBulkResult,
  type ConsoleCouponGrantRequest,
} from '@pisonow/domain';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueCoupon } from '../coupons/issue-coupon.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { segmentMembers, segmentOutcome } from './segment-members.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * POST /api/console/coupons (BE-08, EN-07): an operator gives a coupon to one borrower or to every
 * borrower of a segment. The form's request key is the coupon's source key, and a grant is unique
 * per (borrower, rule, source key): a double submit, a retry or twenty concurrent submits grant once
 * per borrower. The same key with other terms is refused (IDEMPOTENCY_KEY_REUSED). Each borrower is
 * told in the message centre (coupon_granted) in the same statement; the grant and its audit entry
 * commit together. The coupon's cost reaches the ledger when it is used (coupon_expense).
 */
export async function grantCoupons(
  ctx: ConsoleContext,
  input: { actor: Actor; request: ConsoleCouponGrantRequest },
): Promise<ConsoleBulkResult> {
  const r = input.request;
  const now = ctx.clock.now();
  const sourceKey = `console:${r.requestKey}`;
  const amount = BigInt(r.amount);
  const minimumAmount = BigInt(r.minimumAmount ?? '0');
  const audit = (outcome: 'ok' | 'not_found', result: ConsoleBulkResult | null) =>
    ({
      action: 'coupon.grant',
      targetType: r.audience.kind === 'borrower' ? 'customer' : 'segment',
      targetId: r.audience.kind === 'borrower' ? r.audience.customerId : r.audience.segment,
      outcome,
      after: result,
      detail: {
        requestKey: r.requestKey,
        type: r.type,
        amount: r.amount,
        minimumAmount: minimumAmount.toString(),
        validDays: r.validDays,
        reason: r.reason,
      },
    }) as const;

  const result = await ctx.db.transaction(async (tx) => {
    if (r.audience.kind === 'borrower') {
      const [borrower] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, r.audience.customerId));
      if (!borrower) {
        await recordAudit(tx, ctx.clock, input.actor, audit('not_found', null));
        return null;
      }
      const { coupon, created } = await issueCoupon(tx, {
        customerId: borrower.id,
        rule: 'operator',
        type: r.type,
        amount,
        minimumAmount,
        validDays: r.validDays,
        sourceKey,
        now,
      });
      if (!created && (coupon.amount !== amount || coupon.type !== r.type))
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const out = { created: created ? 1 : 0, alreadyDone: created ? 0 : 1 };
      await recordAudit(tx, ctx.clock, input.actor, audit('ok', out));
      return out;
    }

    // the same key used before with other terms: refused (each grant is found through the unique
    // index (customer, rule, source key), a look-up per borrower, not a scan of all coupons)
    const differing = await tx.execute(sql`
      select 1 from (${segmentMembers(r.audience.segment)}) as m(id)
      join coupons c on c.customer_id = m.id and c.rule = 'operator' and c.source_key = ${sourceKey}
      where c.amount <> ${amount.toString()}::bigint or c.type <> ${r.type}
      limit 1
    `);
    if (rowsOf(differing).length > 0) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const validUntil = couponValidUntil(now, r.validDays);
    const at = now.toISOString();
    // one statement: the coupons of everyone in the segment who has none from this key yet, and
    // the message that tells each of them (the same rows issueCoupon writes for one borrower)
    const result = await tx.execute(sql`
      with granted as (
        insert into coupons (id, customer_id, rule, source_key, type, state, amount, minimum_amount,
          full_repayment_only, valid_from, valid_until, created_at, updated_at)
        select gen_random_uuid(), m.id, 'operator', ${sourceKey}, ${r.type}, 'usable',
          ${amount.toString()}::bigint, ${minimumAmount.toString()}::bigint, false, ${at}::timestamptz,
          ${validUntil.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
        from (${segmentMembers(r.audience.segment)}) as m(id)
        on conflict do nothing
        returning id, customer_id
      ), told as (
        insert into messages (id, customer_id, kind, event, params, dedupe_key, created_at)
        select gen_random_uuid(), g.customer_id, 'activity', 'coupon_granted',
          jsonb_build_object('amount', ${amount.toString()}::text, 'date', ${manilaDate(validUntil)}::text),
          'coupon:' || g.id, ${at}::timestamptz
        from granted g
        on conflict do nothing
        returning 1
      )
      select (select count(*) from granted)::int as created,
        (select count(*) from (${segmentMembers(r.audience.segment)}) as m(id))::int as members
    `);
    const out = segmentOutcome(result);
    await recordAudit(tx, ctx.clock, input.actor, audit('ok', out));
    return out;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
