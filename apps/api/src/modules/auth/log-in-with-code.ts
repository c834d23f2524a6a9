import { randomUUID } from 'node:crypto';
import { desc, eq, sql, and, isNull } from 'drizzle-orm';
import type { Locale, Promotion } from '@pisonow/domain';
import { consents, customers, otpCodes, sessions } from '../../db/schema/index.ts';
import { newToken, safeEqualHex, sha256Hex } from '../../lib/crypto.ts';
import { AppError } from '../../lib/app-error.ts';
import { MS, addMs } from '../../lib/clock.ts';
import type { AuthContext } from './auth-context.ts';
import {
  activeCodeFilter,
  assertNetworkMayTryCodes,
  assertNotLocked,
  recordLoginFailure,
} from './login-limits.ts';
import { clientNetwork } from './client-network.ts';
import { hashLoginCode } from './send-login-code.ts';

export interface LogInInput {
  phone: string;
  code: string;
  privacyPolicyVersion: string;
  promotion?: Promotion | undefined;
  /** the language the app is in (SH-01), when the request named one */
  locale?: Locale | undefined;
  ip: string;
  userAgent: string | undefined;
}

type Outcome =
  | { ok: true; token: string; customerId: string; registered: boolean; expiresAt: Date }
  | { ok: false; error: AppError };

function cleanPromotion(promotion: Promotion | undefined): Promotion | null {
  if (!promotion) return null;
  const entries = Object.entries(promotion).filter(([, v]) => typeof v === 'string' && v.length > 0);
  return entries.length ? (Object.fromEntries(entries) as Promotion) : null;
}

/**
 * Checks the code and signs the borrower in (VAL-02, VAL-12). The first success registers the
 * customer, with the privacy consent and the acquisition promotion. The code is consumed by a
 * conditional UPDATE, so of any number of simultaneous attempts exactly one gets a session.
 * Refusals are returned out of the transaction rather than thrown inside it, so the failure count
 * they write is committed.
 */
export async function logInWithCode(ctx: AuthContext, input: LogInInput) {
  const { config } = ctx;
  const now = ctx.clock.now();
  // VAL-12, BE-07: the consent recorded is to the policy this server serves, never a version the
  // client claims. An app that showed another one (an old cached page) must show the current one
  // first; refused before the code is checked, so the same code still works after reading it.
  if (input.privacyPolicyVersion !== config.PRIVACY_POLICY_VERSION)
    throw new AppError('PRIVACY_POLICY_OUTDATED');

  const network = clientNetwork(input.ip);
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    // per phone, then per client network (always in that order: no deadlock), so simultaneous
    // guesses from one network cannot all pass its limit; a key of its own, so logins never wait
    // for code sends
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${input.phone}`}, 0)), pg_advisory_xact_lock(hashtextextended(${`login-network:${network}`}, 0))`,
    );
    try {
      await assertNotLocked(tx, input.phone, now);
      await assertNetworkMayTryCodes(tx, network, now, config);
    } catch (error) {
      return { ok: false, error: error as AppError };
    }
    const [active] = await tx
      .select()
      .from(otpCodes)
      .where(activeCodeFilter(input.phone, now, config.OTP_MAX_ATTEMPTS))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    // No live code (never sent, expired, used, or worn out): nothing to guess against, so this
    // does not count towards the lock; a double tap after success lands here too.
    if (!active) return { ok: false, error: new AppError('OTP_INCORRECT') };

    if (!safeEqualHex(active.codeHash, hashLoginCode(ctx.secretKey, input.phone, input.code))) {
      await tx
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, active.id));
      await recordLoginFailure(tx, input.phone, input.ip, now, config, randomUUID());
      try {
        await assertNotLocked(tx, input.phone, now);
      } catch (error) {
        return { ok: false, error: error as AppError };
      }
      return { ok: false, error: new AppError('OTP_INCORRECT') };
    }

    const consumed = await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, active.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (consumed.length !== 1) return { ok: false, error: new AppError('OTP_INCORRECT') };

    const created = await tx
      .insert(customers)
      .values({
        id: randomUUID(),
        phone: input.phone,
        registeredAt: now,
        promotion: cleanPromotion(input.promotion),
        registrationIp: input.ip,
        registrationUserAgent: input.userAgent?.slice(0, 512) ?? null,
        locale: input.locale ?? null,
      })
      .onConflictDoNothing({ target: customers.phone })
      .returning({ id: customers.id });
    const registered = created.length === 1;
    // A returning borrower: found in one statement, which also keeps the language they use the app
    // in now as the one their reminder SMS are written in (SH-01)
    const returning = () =>
      input.locale
        ? tx
            .update(customers)
            .set({ locale: input.locale })
            .where(eq(customers.phone, input.phone))
            .returning({ id: customers.id })
        : tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, input.phone));
    const customerId = created[0]?.id ?? (await returning())[0]!.id;

    await tx
      .insert(consents)
      .values({
        id: randomUUID(),
        customerId,
        kind: 'privacy',
        policyVersion: config.PRIVACY_POLICY_VERSION,
        acceptedAt: now,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      })
      .onConflictDoNothing();

    const token = newToken();
    const expiresAt = addMs(now, config.SESSION_TTL_DAYS * MS.day);
    await tx.insert(sessions).values({
      id: randomUUID(),
      customerId,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    });
    return { ok: true, token, customerId, registered, expiresAt };
  });

  if (!outcome.ok) throw outcome.error;
  return {
    token: outcome.token,
    customerId: outcome.customerId,
    phone: input.phone,
    registered: outcome.registered,
    expiresAt: outcome.expiresAt.toISOString(),
  };
}
