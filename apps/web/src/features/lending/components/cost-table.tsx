import { useTranslation } from 'react-i18next';
import type { CostRow } from '../model/cost-lines.ts';
import './cost-table.css';

/** Rows split where a row starts a group (what you receive, what you repay). */
function groupsOf(rows: readonly CostRow[]): { group?: CostRow['group']; rows: CostRow[] }[] {
  const groups: { group?: CostRow['group']; rows: CostRow[] }[] = [];
  for (const row of rows) {
    if (row.group || groups.length === 0) groups.push({ group: row.group, rows: [] });
    groups[groups.length - 1]!.rows.push(row);
  }
  return groups;
}

/**
 * Every cost line of one choice or order (EN-06, BE-07): `cost-<line>` holds each value. Clarity
 * item 4: one sign convention, each group adds up (deductions `−₱x`, additions `+₱x`, then the total).
 */
export function CostTable({ rows, caption }: { rows: readonly CostRow[]; caption?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ln-cost" role="group" aria-label={caption}>
      {groupsOf(rows).map(({ group, rows: groupRows }) => (
        <section key={group ?? 'lines'} className="ln-cost__section">
          {group && (
            <p className="ln-cost__group" data-testid={`cost-group-${group}`}>
              {t(`lending:cost.group.${group}`)}
            </p>
          )}
          <dl className="ln-cost__list">
            {groupRows.map((row) => (
              <div
                key={row.line}
                className={`ln-cost__row${row.total ? ' ln-cost__row--total' : ''}${row.deducted ? ' ln-cost__row--deducted' : ''}`}
              >
                <dt>{t(`lending:cost.${row.line}`)}</dt>
                <dd data-testid={`cost-${row.line}`}>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
