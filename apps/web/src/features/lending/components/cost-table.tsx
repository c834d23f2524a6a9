import { useTranslation } from 'react-i18next';
import type { CostRow } from '../model/cost-lines.ts';
import './cost-table.css';

/** Every cost line of one choice or order (EN-06, BE-07): `cost-<line>` holds each value. */
export function CostTable({ rows, caption }: { rows: readonly CostRow[]; caption?: string }) {
  const { t } = useTranslation();
  return (
    <dl className="ln-cost" aria-label={caption}>
      {rows.map((row) => (
        <div key={row.line} className={`ln-cost__row${row.total ? ' ln-cost__row--total' : ''}${row.deducted ? ' ln-cost__row--deducted' : ''}`}>
          <dt>{t(`lending:cost.${row.line}`)}</dt>
          <dd data-testid={`cost-${row.line}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
