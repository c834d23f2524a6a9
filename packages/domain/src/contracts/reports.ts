import { z } from 'zod';

/** The console's portfolio and month-end reports (BE-15): read-only, finance and admin. Centavos as strings. */
const centavos = z.string().regex(/^-?\d+$/);

export const portfolioReportQuery = z.strictObject({
  asOf: z
    .string({ error: 'VALIDATION_FAILED' })
    .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'VALIDATION_FAILED' })
    // a real calendar day (no 31 February)
    .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, {
      error: 'VALIDATION_FAILED',
    })
    .optional(),
  format: z.enum(['json', 'csv'], { error: 'VALIDATION_FAILED' }).optional(),
});

/**
 * A month of the books or of a report, `YYYY-MM`, this century only: a two-digit year slip
 * (`0027-04`) would otherwise be read by Date.UTC as 1927, and a month-end close cannot be undone.
 */
export const reportingMonth = z
  .string({ error: 'VALIDATION_FAILED' })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'VALIDATION_FAILED' });

export const monthReportQuery = z.strictObject({
  month: reportingMonth.optional(),
  format: z.enum(['json', 'csv'], { error: 'VALIDATION_FAILED' }).optional(),
});

export const portfolioReportResponse = z.object({
  asOf: z.string(),
  loans: z.number().int(),
  principalOutstanding: centavos,
  totalOutstanding: centavos,
  aging: z.array(
    z.object({
      bucket: z.string(),
      minDays: z.number().int(),
      maxDays: z.number().int().nullable(),
      loans: z.number().int(),
      principal: centavos,
      share: z.number(),
    }),
  ),
  par: z.array(z.object({ days: z.number().int(), principal: centavos, ratio: z.number() })),
  /** the ledger's principal receivable on loans as of the same day: equals principalOutstanding */
  ledgerPrincipalReceivable: centavos,
});
export type PortfolioReportResponse = z.infer<typeof portfolioReportResponse>;

const trialBalanceRow = z.object({
  account: z.string(),
  kind: z.enum(['asset', 'liability', 'income', 'expense']),
  opening: centavos,
  debits: centavos,
  credits: centavos,
  closing: centavos,
});
const statementLine = z.object({ account: z.string(), amount: centavos });

export const monthReportResponse = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  previousMonthEnd: z.string(),
  rollRates: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      principalFrom: centavos,
      principalRolled: centavos,
      rate: z.number(),
    }),
  ),
  collection: z.object({
    fellDue: centavos,
    collected: centavos,
    efficiency: z.number().nullable(),
    collectedAll: centavos,
  }),
  writeOffs: z.object({ writtenOff: centavos, writtenOffLoans: z.number().int(), recovered: centavos }),
  trialBalance: z.object({
    rows: z.array(trialBalanceRow),
    totals: z.object({ opening: centavos, debits: centavos, credits: centavos, closing: centavos }),
  }),
  incomeStatement: z.object({
    income: z.array(statementLine),
    expenses: z.array(statementLine),
    totalIncome: centavos,
    totalExpenses: centavos,
    netIncome: centavos,
  }),
});
export type MonthReportResponse = z.infer<typeof monthReportResponse>;
