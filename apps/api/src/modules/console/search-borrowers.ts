import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  ID_TYPE_CODES,
  normalizeIdNumber,
  normalizePhone,
  type BorrowerSearchResponse,
} from '@pisonow/domain';
import { applicationSteps, applications, customers, orders } from '../../db/schema/index.ts';
import { idNumberHash } from '../application/save-application-step.ts';
import { recordAudit, type Actor } from './audit.ts';
import type { ConsoleContext } from './console-context.ts';
import { isUuid } from '../../lib/uuid.ts';

const LIMIT = 25;

/**
 * GET /api/console/borrowers?q=: by phone (any typed form), name, order id, the last four digits of
 * an ID number, or a whole ID number. ID numbers are sealed: the last four are stored for display and
 * the whole number is found through its keyed hash (one per ID type), never by decrypting rows.
 */
export async function searchBorrowers(
  ctx: ConsoleContext,
  input: { actor: Actor; q: string },
): Promise<BorrowerSearchResponse> {
  const q = input.q.trim();
  const matches = new Map<string, string>();
  const searchedAs: string[] = [];
  const add = (ids: { id: string }[], by: string) => {
    searchedAs.push(by);
    for (const { id } of ids) if (!matches.has(id)) matches.set(id, by);
  };
  const phone = normalizePhone(q);
  if (/^\d{3,10}$/.test(phone)) {
    add(
      await ctx.db
        .select({ id: customers.id })
        .from(customers)
        .where(phone.length === 10 ? eq(customers.phone, phone) : ilike(customers.phone, `%${phone}%`))
        .limit(LIMIT),
      'phone',
    );
  }
  if (isUuid(q)) {
    add(
      await ctx.db.select({ id: orders.customerId }).from(orders).where(eq(orders.id, q.toLowerCase())),
      'order',
    );
    add(
      await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, q.toLowerCase())),
      'customer',
    );
  }
  if (/^\d{4}$/.test(q)) {
    add(
      await ctx.db
        .select({ id: applications.customerId })
        .from(applications)
        .where(eq(applications.idNumberLast4, q))
        .limit(LIMIT),
      'idLast4',
    );
  }
  if (/^[A-Za-z0-9-]{5,30}$/.test(q) && /\d/.test(q)) {
    const normalized = normalizeIdNumber(q);
    const hashes = ID_TYPE_CODES.map((type) => idNumberHash(ctx.secretKey, type, normalized));
    add(
      await ctx.db
        .select({ id: applications.customerId })
        .from(applications)
        .where(inArray(applications.idNumberHash, hashes))
        .limit(LIMIT),
      'idNumber',
    );
  }
  if (/\p{L}{2,}/u.test(q)) {
    const words = q
      .split(/\s+/)
      .filter((w) => w.length >= 2)
      .slice(0, 4);
    const fullName = sql<string>`concat_ws(' ', ${applicationSteps.data}->>'firstName', ${applicationSteps.data}->>'middleName', ${applicationSteps.data}->>'lastName')`;
    add(
      await ctx.db
        .select({ id: applications.customerId })
        .from(applicationSteps)
        .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
        .where(
          and(
            eq(applicationSteps.step, 'identityInfo'),
            ...words.map((w) => ilike(fullName, `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)),
          ),
        )
        .limit(LIMIT),
      'name',
    );
  }
  const ids = [...matches.keys()].slice(0, LIMIT);
  const rows = ids.length
    ? await ctx.db
        .select({
          customerId: customers.id,
          phone: customers.phone,
          registeredAt: customers.registeredAt,
          applicationStatus: applications.status,
          idNumberLast4: applications.idNumberLast4,
          identity: applicationSteps.data,
        })
        .from(customers)
        .leftJoin(applications, eq(applications.customerId, customers.id))
        .leftJoin(
          applicationSteps,
          and(eq(applicationSteps.applicationId, applications.id), eq(applicationSteps.step, 'identityInfo')),
        )
        .where(inArray(customers.id, ids))
        .orderBy(desc(customers.registeredAt))
    : [];
  // Who looked up whom, and how it matched; never the typed text. A search can hold a whole ID
  // number (sealed everywhere else), a phone or a name, and the audit trail is append-only: nothing
  // written here can be erased later (NPC).
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'borrower.search',
    targetType: 'customer',
    detail: {
      searchedAs: [...new Set(searchedAs)],
      results: rows.map((r) => r.customerId),
      matchedBy: rows.map((r) => matches.get(r.customerId)!),
    },
  });
  return {
    results: rows.map((r) => ({
      customerId: r.customerId,
      phone: r.phone,
      name: nameOf(r.identity),
      applicationStatus: r.applicationStatus,
      idNumberLast4: r.idNumberLast4,
      registeredAt: r.registeredAt.toISOString(),
      matchedBy: matches.get(r.customerId)!,
    })),
  };
}

export function nameOf(identity: Record<string, unknown> | null | undefined): string | null {
  if (!identity) return null;
  const parts = [identity.firstName, identity.middleName, identity.lastName].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  return parts.length ? parts.join(' ') : null;
}
