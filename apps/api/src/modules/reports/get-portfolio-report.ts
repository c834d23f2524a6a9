import { manilaDate, portfolioReport, type PortfolioReportResponse } from '@pisonow/domain';
import { recordAudit, type Actor } from '../console/audit.ts';
import type { ConsoleContext } from '../console/console-context.ts';
import { loadLedgerMovements, loadPortfolioLoans, principalReceivableAsOf } from './load-books.ts';
import { pesos, toCsv } from './reports-csv.ts';

/**
 * GET /api/console/reports/portfolio (BE-15): the portfolio as it stood at the end of `asOf`
 * (today, Manila, by default): outstanding principal by delinquency bucket, PAR1/7/30, and the
 * ledger's principal receivable as of the same day, which equals the portfolio's principal.
 */
export async function getPortfolioReport(
  ctx: Pick<ConsoleContext, 'db' | 'clock' | 'delinquencyBuckets'>,
  input: { actor: Actor; asOf?: string | undefined; format: 'json' | 'csv' },
): Promise<PortfolioReportResponse> {
  const asOf = input.asOf ?? manilaDate(ctx.clock.now());
  const [loans, movements] = await Promise.all([loadPortfolioLoans(ctx), loadLedgerMovements(ctx, asOf)]);
  const r = portfolioReport(loans, asOf, ctx.delinquencyBuckets);
  await recordAudit(ctx.db, ctx.clock, input.actor, {
    action: 'report.portfolio',
    targetType: 'report',
    detail: { asOf, format: input.format },
  });
  return {
    asOf: r.asOf,
    loans: r.loans,
    principalOutstanding: String(r.principalOutstanding),
    totalOutstanding: String(r.totalOutstanding),
    aging: r.aging.map((a) => ({ ...a, principal: String(a.principal) })),
    par: r.par.map((p) => ({ ...p, principal: String(p.principal) })),
    ledgerPrincipalReceivable: String(principalReceivableAsOf(movements, asOf)),
  };
}

export function portfolioCsv(r: PortfolioReportResponse): string {
  return toCsv([
    [
      [
        'report',
        'as of',
        'open loans',
        'principal outstanding (PHP)',
        'total outstanding (PHP)',
        'ledger principal receivable (PHP)',
      ],
      [
        'portfolio',
        r.asOf,
        r.loans,
        pesos(r.principalOutstanding),
        pesos(r.totalOutstanding),
        pesos(r.ledgerPrincipalReceivable),
      ],
    ],
    [
      ['bucket (days past due)', 'loans', 'principal (PHP)', 'share'],
      ...r.aging.map((a) => [a.bucket, a.loans, pesos(a.principal), a.share.toFixed(4)]),
    ],
    [
      ['portfolio at risk', 'principal (PHP)', 'ratio'],
      ...r.par.map((p) => [`PAR${p.days}`, pesos(p.principal), p.ratio.toFixed(4)]),
    ],
  ]);
}
