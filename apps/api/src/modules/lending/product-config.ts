import { desc } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_PRODUCT,
  HOME_SCREEN_LIMIT_MAX,
  MAX_PRODUCT_OFFERS,
  offerCount,
  productBreaches,
  type CapBreach,
  type ProductConfig,
} from '@pisonow/domain';
import type { Db } from '../../db/client.ts';
import { productConfigs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LendingContext } from './lending-context.ts';

const centavos = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform((v) => BigInt(v));
const bp = z.number().int().min(0).max(10_000);

/** The stored (JSON) form of a product: centavos as decimal strings. */
export const productConfigSchema = z.strictObject({
  amount: z.strictObject({ min: centavos, max: centavos, step: centavos }),
  termDays: z.array(z.number().int().min(1).max(365)).min(1),
  dailyInterestPpm: z.number().int().min(0).max(100_000),
  serviceFeeBp: bp,
  creditReportingFee: centavos,
  taxRateBp: bp,
  taxBase: z.enum(['allFees', 'serviceFee']),
  /** older stored versions predate the DST setting: passed on to the borrower (CO-03) */
  dst: z.strictObject({ borneBy: z.enum(['borrower', 'lender']) }).default({ borneBy: 'borrower' }),
  lateCharge: centavos,
  penaltyDailyPpm: z.number().int().min(0).max(100_000),
  extensionFeeBp: bp,
  extensionDays: z.number().int().min(1).max(60),
  limits: z.strictObject({
    firstLoan: centavos,
    repeatLoan: centavos,
    homeScreen: centavos.refine((v) => v <= HOME_SCREEN_LIMIT_MAX),
  }),
  /** older stored versions predate it: the default applies (issue 11) */
  waiverApprovalThreshold: centavos.optional(),
});

export function toStored(config: Omit<ProductConfig, 'version'>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(config, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

export function fromStored(version: number, stored: unknown): ProductConfig {
  return { version, ...productConfigSchema.parse(stored) };
}

/** The product in force: the newest version. The default is seeded as version 1 on first start. */
export async function currentProduct(db: Db): Promise<ProductConfig> {
  const [row] = await db.select().from(productConfigs).orderBy(desc(productConfigs.version)).limit(1);
  return row ? fromStored(row.version, row.config) : DEFAULT_PRODUCT;
}

export async function seedDefaultProduct(ctx: Pick<LendingContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  const { version: _v, ...config } = DEFAULT_PRODUCT;
  await ctx.db
    .insert(productConfigs)
    .values({ version: DEFAULT_PRODUCT.version, config: toStored(config), createdAt: now, createdBy: 'seed' })
    .onConflictDoNothing();
}

export class ProductBreachesCaps extends AppError {
  readonly breaches: CapBreach[];
  constructor(breaches: CapBreach[]) {
    super('PRODUCT_BREACHES_CAPS');
    this.breaches = breaches;
  }
}

/**
 * Saves a new product version (operator console, later). A configuration that could breach an SEC
 * cap for any amount and term it offers is refused with the breaches named (BE-07).
 */
/**
 * The one check of a candidate configuration (stored form), before it is drafted or saved: well
 * formed (VALIDATION_FAILED, also for an amount grid too fine to check), and inside every SEC cap
 * for every amount and term it offers (PRODUCT_BREACHES_CAPS, BE-07).
 */
export function checkedProduct(config: unknown): ProductConfig {
  const parsed = productConfigSchema.safeParse(config);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  const candidate: ProductConfig = { version: 0, ...parsed.data };
  if (
    candidate.amount.min <= 0n ||
    candidate.amount.min > candidate.amount.max ||
    candidate.amount.step <= 0n ||
    offerCount(candidate) > MAX_PRODUCT_OFFERS
  )
    throw new AppError('VALIDATION_FAILED');
  const breaches = productBreaches(candidate);
  if (breaches.length) throw new ProductBreachesCaps(breaches);
  return candidate;
}

export async function saveProductConfig(
  ctx: Pick<LendingContext, 'db' | 'clock'>,
  input: { config: unknown; by: string },
): Promise<ProductConfig> {
  const { by } = input;
  const now = ctx.clock.now();
  const { version: _unsaved, ...checked } = checkedProduct(input.config);
  void _unsaved;
  return ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ version: productConfigs.version })
      .from(productConfigs)
      .orderBy(desc(productConfigs.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
    await tx
      .insert(productConfigs)
      .values({ version, config: toStored(checked), createdAt: now, createdBy: by });
    return { ...checked, version };
  });
}
