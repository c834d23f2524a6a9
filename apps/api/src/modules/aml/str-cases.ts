import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { manilaDate, strDeadline, type StrReason, type StrStatus } from '@pisonow/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  amlStrCases,
  applicationSteps,
  applications,
  customers,
  orders,
  repayments,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { unseal } from '../../lib/sealing.ts';
import { psgcDirectory } from '../addresses/psgc-directory.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { rateCustomer } from './rate-customer.ts';
import { strFormat, type StrFormat, type StrRecord } from './str-format.ts';

export interface StrTransactionRef {
  kind: 'order' | 'repayment';
  id: string;
}

export interface StrCaseItem {
  id: string;
  customerId: string;
  phone: string;
  status: StrStatus;
  reason: StrReason;
  narrative: string;
  transactions: StrTransactionRef[];
  determinedOn: string;
  deadline: string;
  overdue: boolean;
  openedAt: string;
  filingReference: string | null;
  closeNote: string | null;
  decidedAt: string | null;
}

type Row = { c: typeof amlStrCases.$inferSelect; phone: string };
const item = ({ c, phone }: Row, today: string): StrCaseItem => ({
  id: c.id,
  customerId: c.customerId,
  phone,
  status: c.status as StrStatus,
  reason: c.reason as StrReason,
  narrative: c.narrative,
  transactions: c.transactions,
  determinedOn: c.determinedOn,
  deadline: c.deadline,
  overdue: c.status === 'open' && today > c.deadline,
  openedAt: c.openedAt.toISOString(),
  filingReference: c.filingReference,
  closeNote: c.closeNote,
  decidedAt: c.decidedAt?.toISOString() ?? null,
});

async function caseWithPhone(db: Db | Tx, where: ReturnType<typeof eq>): Promise<Row | undefined> {
  const [row] = await db
    .select({ c: amlStrCases, phone: customers.phone })
    .from(amlStrCases)
    .innerJoin(customers, eq(customers.id, amlStrCases.customerId))
    .where(where);
  return row;
}

/** GET /api/console/aml/str-cases (BE-14): every case, open ones first by deadline; audited. */
export async function listStrCases(
  ctx: ConsoleContext,
  input: { actor: Actor; customerId?: string },
): Promise<{ items: StrCaseItem[] }> {
  const rows = await ctx.db
    .select({ c: amlStrCases, phone: customers.phone })
    .from(amlStrCases)
    .innerJoin(customers, eq(customers.id, amlStrCases.customerId))
    .where(input.customerId ? eq(amlStrCases.customerId, input.customerId) : undefined)
    .orderBy(desc(amlStrCases.openedAt))
    .limit(500);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'aml.str.list',
    targetType: 'aml_str_case',
    ...(input.customerId ? { targetId: input.customerId } : {}),
    detail: { shown: rows.length },
  });
  const today = manilaDate(ctx.clock.now());
  const items = rows.map((r) => item(r, today));
  const rank = (i: StrCaseItem) => (i.status === 'open' ? 0 : 1);
  items.sort((a, b) => rank(a) - rank(b) || (a.status === 'open' ? a.deadline.localeCompare(b.deadline) : 0));
  return { items };
}

/** The borrower's loans and repayments an operator may choose from (the transactions concerned). */
export async function borrowerTransactions(db: Db | Tx, customerId: string) {
  const loans = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt));
  const paid = await db
    .select()
    .from(repayments)
    .where(
      and(eq(repayments.customerId, customerId), inArray(repayments.state, ['paid', 'held', 'refunded'])),
    )
    .orderBy(desc(repayments.createdAt));
  return [
    ...loans.map((o) => ({
      kind: 'order' as const,
      id: o.id,
      date: (o.disbursedAt ?? o.createdAt).toISOString(),
      amount: o.principal,
      type: `loan ${o.status}`,
      channel: String((o.payoutDestination as { channel?: string }).channel ?? ''),
      reference: o.id,
    })),
    ...paid.map((r) => ({
      kind: 'repayment' as const,
      id: r.id,
      date: (r.paidAt ?? r.createdAt).toISOString(),
      amount: r.amountReceived ?? r.amount,
      type: `repayment ${r.purpose} ${r.state}`,
      channel: r.channel,
      reference: r.channelReference ?? r.providerCollectionId ?? r.id,
    })),
  ];
}

/**
 * POST /api/console/aml/str-cases (BE-14): an operator opens a suspicious-transaction case on a
 * borrower: the reason, the transactions concerned (the borrower's own loans and repayments; none
 * for an attempted transaction) and a narrative. The day it opens is the day of the determination:
 * the deadline is 5 working days later. Once per request key. The borrower's rating is recomputed
 * (an open case rates high). Audited.
 */
export async function openStrCase(
  ctx: ConsoleContext,
  input: {
    actor: Actor;
    requestKey: string;
    customerId: string;
    reason: StrReason;
    narrative: string;
    transactions: StrTransactionRef[];
  },
): Promise<StrCaseItem> {
  const now = ctx.clock.now();
  const today = manilaDate(now);
  const openedBy = input.actor.operatorId;
  if (!openedBy) throw new AppError('UNAUTHENTICATED');
  const result = await ctx.db.transaction(async (tx) => {
    const existing = await caseWithPhone(tx, eq(amlStrCases.requestKey, input.requestKey));
    if (existing) {
      await recordAudit(tx, ctx.clock, input.actor, {
        action: 'aml.str.open',
        targetType: 'aml_str_case',
        targetId: existing.c.id,
        detail: { replay: true },
      });
      return existing;
    }
    const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
    if (!customer) return null;
    const own = await borrowerTransactions(tx, input.customerId);
    const unique = [...new Map(input.transactions.map((t) => [`${t.kind}:${t.id}`, t])).values()];
    if (unique.some((t) => !own.some((o) => o.kind === t.kind && o.id === t.id)))
      throw new AppError('STR_TRANSACTION_UNKNOWN');
    const id = randomUUID();
    await tx.insert(amlStrCases).values({
      id,
      requestKey: input.requestKey,
      customerId: input.customerId,
      status: 'open',
      reason: input.reason,
      narrative: input.narrative,
      transactions: unique,
      determinedOn: today,
      deadline: strDeadline(today, ctx.nonWorkingDays),
      openedBy,
      openedAt: now,
      updatedAt: now,
    });
    await rateCustomer(tx, {
      customerId: input.customerId,
      now,
      trigger: 'str_case',
      operatorId: openedBy,
    });
    await recordAudit(tx, ctx.clock, input.actor, {
      action: 'aml.str.open',
      targetType: 'aml_str_case',
      targetId: id,
      after: { customerId: input.customerId, reason: input.reason, transactions: unique.length },
    });
    return (await caseWithPhone(tx, eq(amlStrCases.id, id)))!;
  });
  if (!result) throw new AppError('NOT_FOUND');
  return item(result, today);
}

type Change =
  | { kind: 'narrative'; narrative: string }
  | { kind: 'report'; filingReference: string }
  | { kind: 'close'; note: string };

/**
 * POST /api/console/aml/str-cases/:strCaseId/{narrative,report,close} (BE-14): rewrite the
 * narrative while open; mark reported with the AMLC filing reference, or closed with no report and
 * why. Deciding is once: the same decision again changes nothing and gets the case back; the other
 * decision on a decided case is refused (STR_CASE_NOT_OPEN). Audited with before and after.
 */
export async function changeStrCase(
  ctx: ConsoleContext,
  input: { actor: Actor; caseId: string; change: Change },
): Promise<StrCaseItem> {
  const now = ctx.clock.now();
  const { change } = input;
  const action = `aml.str.${change.kind}`;
  const result = await ctx.db.transaction(async (tx) => {
    const row = await caseWithPhone(tx, eq(amlStrCases.id, input.caseId));
    if (!row) {
      await recordAudit(tx, ctx.clock, input.actor, {
        action,
        targetType: 'aml_str_case',
        targetId: input.caseId,
        outcome: 'not_found',
      });
      return null;
    }
    const before = {
      status: row.c.status,
      narrative: row.c.narrative,
      filingReference: row.c.filingReference,
    };
    const same =
      (change.kind === 'report' && row.c.status === 'reported') ||
      (change.kind === 'close' && row.c.status === 'closed_no_report');
    if (row.c.status !== 'open' && !same) {
      await recordAudit(tx, ctx.clock, input.actor, {
        action,
        targetType: 'aml_str_case',
        targetId: input.caseId,
        outcome: 'failed',
        before,
      });
      return 'not_open' as const;
    }
    if (!same) {
      const set =
        change.kind === 'narrative'
          ? { narrative: change.narrative }
          : change.kind === 'report'
            ? { status: 'reported', filingReference: change.filingReference }
            : { status: 'closed_no_report', closeNote: change.note };
      await tx
        .update(amlStrCases)
        .set({
          ...set,
          ...(change.kind === 'narrative' ? {} : { decidedBy: input.actor.operatorId, decidedAt: now }),
          updatedAt: now,
        })
        .where(eq(amlStrCases.id, input.caseId));
      if (change.kind === 'close')
        await rateCustomer(tx, {
          customerId: row.c.customerId,
          now,
          trigger: 'str_case',
          ...(input.actor.operatorId ? { operatorId: input.actor.operatorId } : {}),
        });
    }
    const after = (await caseWithPhone(tx, eq(amlStrCases.id, input.caseId)))!;
    await recordAudit(tx, ctx.clock, input.actor, {
      action,
      targetType: 'aml_str_case',
      targetId: input.caseId,
      before,
      after: {
        status: after.c.status,
        narrative: after.c.narrative,
        filingReference: after.c.filingReference,
      },
      detail: { alreadyDecided: same },
    });
    return after;
  });
  if (result === null) throw new AppError('NOT_FOUND');
  if (result === 'not_open') throw new AppError('STR_CASE_NOT_OPEN');
  return item(result, manilaDate(now));
}

/** The record for filing: the reporting entity, the subject, the transactions, reason and narrative. */
export async function strRecord(
  ctx: ConsoleContext & {
    company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  },
  row: typeof amlStrCases.$inferSelect,
): Promise<StrRecord> {
  const [person] = await ctx.db
    .select({
      phone: customers.phone,
      applicationId: applications.id,
      sealed: applications.sensitiveSealed,
      idType: applications.idType,
    })
    .from(customers)
    .leftJoin(applications, eq(applications.customerId, customers.id))
    .where(eq(customers.id, row.customerId));
  const steps = person?.applicationId
    ? await ctx.db
        .select()
        .from(applicationSteps)
        .where(eq(applicationSteps.applicationId, person.applicationId))
    : [];
  const step = (name: string) => (steps.find((s) => s.step === name)?.data ?? {}) as Record<string, string>;
  const id = step('identityInfo');
  const address = step('addressInfo');
  const sensitive = person?.sealed
    ? (JSON.parse(unseal(ctx.secretKey, person.sealed)) as { idNumber?: string })
    : {};
  const all = await borrowerTransactions(ctx.db, row.customerId);
  return {
    reportingEntity: ctx.company,
    case: {
      id: row.id,
      status: row.status,
      determinedOn: row.determinedOn,
      deadline: row.deadline,
      filingReference: row.filingReference,
    },
    subject: {
      customerId: row.customerId,
      lastName: id.lastName ?? '',
      firstName: id.firstName ?? '',
      middleName: id.middleName ?? '',
      birthDate: id.birthDate ?? '',
      phone: person ? `+63${person.phone}` : '',
      address: address.detailedAddress
        ? `${address.detailedAddress}, ${psgcDirectory().describe(address.provinceCode ?? '', address.cityCode ?? '', address.barangayCode ?? '') ?? ''}`
        : '',
      idType: person?.idType ?? id.idType ?? '',
      idNumber: sensitive.idNumber ?? '',
    },
    transactions: row.transactions
      .map((t) => all.find((a) => a.kind === t.kind && a.id === t.id))
      .filter((t): t is NonNullable<typeof t> => !!t),
    reason: row.reason as StrReason,
    narrative: row.narrative,
  };
}

/**
 * GET /api/console/aml/str-cases/:strCaseId/export?format=json|csv (BE-14): the case in the shape
 * of the AMLC's STR, to file through the AMLC portal (then mark it reported with the portal's
 * reference). Not for a case closed without a report. Audited (it carries the full ID number).
 */
export async function exportStrCase(
  ctx: ConsoleContext & {
    company: { name: string; secRegistrationNo: string; certificateOfAuthorityNo: string };
  },
  input: { actor: Actor; caseId: string; format: 'json' | 'csv' },
  format: StrFormat = strFormat,
): Promise<{ filename: string; contentType: string; content: string; problems: string[] }> {
  const [row] = await ctx.db.select().from(amlStrCases).where(eq(amlStrCases.id, input.caseId));
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'aml.str.export',
    targetType: 'aml_str_case',
    targetId: input.caseId,
    outcome: !row ? 'not_found' : row.status === 'closed_no_report' ? 'failed' : 'ok',
    detail: { format: input.format },
  });
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status === 'closed_no_report') throw new AppError('STR_CASE_NOT_OPEN');
  const record = await strRecord(ctx, row);
  const content = input.format === 'json' ? format.json(record) : format.csv(record);
  return {
    filename: `str-${row.determinedOn}-${row.id.slice(0, 8)}.${input.format}`,
    contentType: input.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    content,
    problems: format.validate(record),
  };
}
