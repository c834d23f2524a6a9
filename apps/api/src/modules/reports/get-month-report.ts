import {
  collectionEfficiency,
  incomeStatement,
  manilaDate,
  monthEnd,
  previousMonth,
  rollRates,
  trialBalance,
  writeOffsAndRecoveries,
  type MonthReportResponse,
} from '@pisonow/domain';
import { and, count, gte, lte } from 'drizzle-orm';
import { loanWriteOffs } from '../../db/schema/index.ts';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { loadLedgerMovements, loadPortfolioLoans } from './load-books.ts';
import { pesos, toCsv } from './reports-csv.ts';

const s = (c: bigint) => String(c);

/**
 * GET /api/console/reports/month (BE-15): a month's figures (the last month by default): roll
 * rates from the previous month-end to this one, collection efficiency, write-offs and
 * recoveries, the trial balance and the income statement of the month. Read-only; audited.
 */
export async function getMonthReport(
  ctx: Pick<ConsoleContext, 'db' | 'clock'>,
  input: { actor: Actor; month?: string | undefined; format: 'json' | 'csv' },
): Promise<MonthReportResponse> {
  const month = input.month ?? previousMonth(manilaDate(ctx.clock.now()).slice(0, 7));
  const from = `${month}-01`;
  const to = monthEnd(month);
  const previousMonthEnd = monthEnd(previousMonth(month));
  const [loans, movements] = await Promise.all([loadPortfolioLoans(ctx), loadLedgerMovements(ctx, to)]);
  const ce = collectionEfficiency(loans, month);
  const [{ n: writtenOffLoans } = { n: 0 }] = await ctx.db
    .select({ n: count() })
    .from(loanWriteOffs)
    .where(and(gte(loanWriteOffs.writtenOffOn, from), lte(loanWriteOffs.writtenOffOn, to)));
  const wo = writeOffsAndRecoveries(movements, month, Number(writtenOffLoans));
  const tb = trialBalance(movements, from, to);
  const is = incomeStatement(movements, from, to);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'report.month',
    targetType: 'report',
    detail: { month, format: input.format },
  });
  return {
    month,
    from,
    to,
    previousMonthEnd,
    rollRates: rollRates(loans, previousMonthEnd, to).map((r) => ({
      ...r,
      principalFrom: s(r.principalFrom),
      principalRolled: s(r.principalRolled),
    })),
    collection: {
      fellDue: s(ce.fellDue),
      collected: s(ce.collected),
      efficiency: ce.efficiency,
      collectedAll: s(ce.collectedAll),
    },
    writeOffs: {
      writtenOff: s(wo.writtenOff),
      writtenOffLoans: wo.writtenOffLoans,
      recovered: s(wo.recovered),
    },
    trialBalance: {
      rows: tb.rows.map((r) => ({
        account: r.account,
        kind: r.kind,
        opening: s(r.opening),
        debits: s(r.debits),
        credits: s(r.credits),
        closing: s(r.closing),
      })),
      totals: {
        opening: s(tb.totals.opening),
        debits: s(tb.totals.debits),
        credits: s(tb.totals.credits),
        closing: s(tb.totals.closing),
      },
    },
    incomeStatement: {
      income: is.income.map((l) => ({ account: l.account, amount: s(l.amount) })),
      expenses: is.expenses.map((l) => ({ account: l.account, amount: s(l.amount) })),
      totalIncome: s(is.totalIncome),
      totalExpenses: s(is.totalExpenses),
      netIncome: s(is.netIncome),
    },
  };
}

export function monthCsv(r: MonthReportResponse): string {
  return toCsv([
    [
      ['report', 'month', 'from', 'to', 'previous month-end'],
      ['month', r.month, r.from, r.to, r.previousMonthEnd],
    ],
    [
      ['roll rate from', 'to', 'principal at previous month-end (PHP)', 'rolled (PHP)', 'rate'],
      ...r.rollRates.map((x) => [
        x.from,
        x.to,
        pesos(x.principalFrom),
        pesos(x.principalRolled),
        x.rate.toFixed(4),
      ]),
    ],
    [
      ['collection', 'fell due (PHP)', 'collected (PHP)', 'efficiency', 'all repayments in month (PHP)'],
      [
        'collection efficiency',
        pesos(r.collection.fellDue),
        pesos(r.collection.collected),
        r.collection.efficiency === null ? '' : r.collection.efficiency.toFixed(4),
        pesos(r.collection.collectedAll),
      ],
    ],
    [
      ['write-offs', 'written off (PHP)', 'loans', 'recovered (PHP)'],
      [
        'write-offs and recoveries',
        pesos(r.writeOffs.writtenOff),
        r.writeOffs.writtenOffLoans,
        pesos(r.writeOffs.recovered),
      ],
    ],
    [
      ['trial balance account', 'kind', 'opening (PHP)', 'debits (PHP)', 'credits (PHP)', 'closing (PHP)'],
      ...r.trialBalance.rows.map((x) => [
        x.account,
        x.kind,
        pesos(x.opening),
        pesos(x.debits),
        pesos(x.credits),
        pesos(x.closing),
      ]),
      [
        'total',
        '',
        pesos(r.trialBalance.totals.opening),
        pesos(r.trialBalance.totals.debits),
        pesos(r.trialBalance.totals.credits),
        pesos(r.trialBalance.totals.closing),
      ],
    ],
    [
      ['income statement', 'account', 'amount (PHP)'],
      ...r.incomeStatement.income.map((l) => ['income', l.account, pesos(l.amount)]),
      ['income', 'total income', pesos(r.incomeStatement.totalIncome)],
      ...r.incomeStatement.expenses.map((l) => ['expense', l.account, pesos(l.amount)]),
      ['expense', 'total expenses', pesos(r.incomeStatement.totalExpenses)],
      ['result', 'net income', pesos(r.incomeStatement.netIncome)],
    ],
  ]);
}
