import { eq, sql } from 'drizzle-orm';
import { messageParams, type ConsoleBulkResult, type ConsoleNoticeRequest } from '@pisonow/domain';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordMessage } from '../messages/record-message.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { segmentMembers, segmentOutcome } from './segment-members.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * POST /api/console/notices (BE-08, EN-08): an operator writes a message to one borrower or a
 * segment, in all three languages (each borrower reads it in theirs). The form's request key makes
 * the dedupe key of each borrower's copy (`notice:<key>:<borrower>`), so a double submit, a retry or
 * twenty concurrent submits deliver one copy each; the same key with another text is refused
 * (IDEMPOTENCY_KEY_REUSED). Messages and the audit entry commit together.
 */
export async function sendNotice(
  ctx: ConsoleContext,
  input: { actor: Actor; request: ConsoleNoticeRequest },
): Promise<ConsoleBulkResult> {
  const r = input.request;
  const now = ctx.clock.now();
  const params = messageParams.parse({ text: r.text });
  const keyPrefix = `notice:${r.requestKey}:`;
  const audit = (outcome: 'ok' | 'not_found', result: ConsoleBulkResult | null) =>
    ({
      action: 'message.send',
      targetType: r.audience.kind === 'borrower' ? 'customer' : 'segment',
      targetId: r.audience.kind === 'borrower' ? r.audience.customerId : r.audience.segment,
      outcome,
      after: result,
      detail: { requestKey: r.requestKey, kind: r.kind, text: params.text },
    }) as const;

  const result = await ctx.db.transaction(async (tx) => {
    // the same key sent before with another text or tab: refused, whoever it reached (each copy is
    // found by its exact dedupe key, an index look-up per borrower)
    const members =
      r.audience.kind === 'borrower'
        ? sql`select ${r.audience.customerId}::uuid`
        : segmentMembers(r.audience.segment);
    const differing = await tx.execute(sql`
      select 1 from (${members}) as m(id)
      join messages msg on msg.dedupe_key = ${keyPrefix} || m.id::text
      where msg.params <> ${JSON.stringify(params)}::jsonb or msg.kind <> ${r.kind}
      limit 1
    `);
    if (rowsOf(differing).length > 0) throw new AppError('IDEMPOTENCY_KEY_REUSED');

    if (r.audience.kind === 'borrower') {
      const [borrower] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, r.audience.customerId));
      if (!borrower) {
        await recordAudit(tx, ctx.clock, input.actor, audit('not_found', null));
        return null;
      }
      const created = await recordMessage(tx, {
        customerId: borrower.id,
        event: 'operator_notice',
        kind: r.kind,
        params,
        dedupeKey: keyPrefix + borrower.id,
        at: now,
      });
      const out = { created: created ? 1 : 0, alreadyDone: created ? 0 : 1 };
      await recordAudit(tx, ctx.clock, input.actor, audit('ok', out));
      return out;
    }

    const at = now.toISOString();
    const inserted = await tx.execute(sql`
      with sent as (
        insert into messages (id, customer_id, kind, event, params, dedupe_key, created_at)
        select gen_random_uuid(), m.id, ${r.kind}, 'operator_notice', ${JSON.stringify(params)}::jsonb,
          ${keyPrefix} || m.id::text, ${at}::timestamptz
        from (${segmentMembers(r.audience.segment)}) as m(id)
        on conflict do nothing
        returning 1
      )
      select (select count(*) from sent)::int as created,
        (select count(*) from (${segmentMembers(r.audience.segment)}) as m(id))::int as members
    `);
    const out = segmentOutcome(inserted);
    await recordAudit(tx, ctx.clock, input.actor, audit('ok', out));
    return out;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return result;
}
