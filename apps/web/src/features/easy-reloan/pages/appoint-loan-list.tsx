import { useTranslation } from 'react-i18next';
import { formatPeso } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { formatManilaDateTime } from '@pisonow/domain/date-format';
import { useLocale } from '../../../lib/i18n/index.ts';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useEasyReloan } from '../api/get-easy-reloan.ts';
import './easy-reloan.css';

/** `/appointLoanList` (ST-09): every Easy Re-loan reward earned, newest first. */
export default function AppointLoanListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = useEasyReloan();
  if (state.error) return <Page>{<Notice tone="danger">{errorText(state.error, locale)}</Notice>}</Page>;
  if (!state.data) return <Page>{<p aria-busy="true">…</p>}</Page>;
  const rewards = [...state.data.rewards].reverse();
  return (
    <Page className="er">
      <p className="er__summary" data-testid="easy-reloan-summary">
        {t('easyReloan:autoCount', { count: state.data.autoDisbursements })}
      </p>
      {rewards.length === 0 ? (
        <Notice testId="easy-reloan-empty">{t('easyReloan:noRewards')}</Notice>
      ) : (
        <List title={t('easyReloan:records')}>
          {rewards.map((r) => (
            <ListRow
              key={`${r.kind}-${r.rung}-${r.grantedAt}`}
              testId="easy-reloan-reward"
              label={
                <>
                  {r.kind === 'activation'
                    ? t('easyReloan:reward.activation')
                    : t('easyReloan:reward.rung', { n: r.rung })}
                  <small className="er__when">{formatManilaDateTime(r.grantedAt, locale)}</small>
                </>
              }
              value={formatPeso(BigInt(r.amount))}
            />
          ))}
        </List>
      )}
    </Page>
  );
}
