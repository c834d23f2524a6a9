import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EASY_RELOAN_REWARD_LADDER, errorMessage, formatPeso } from '@pisonow/domain';
import { errorText } from '../../../lib/api/index.ts';
import { useLocale } from '../../../lib/i18n/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { List, ListRow } from '../../../lib/ui/list-row.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useEasyReloan } from '../api/get-easy-reloan.ts';
import { useSwitchEasyReloan } from '../api/switch-easy-reloan.ts';
import './easy-reloan.css';

const peso = (centavos: string | bigint) => formatPeso(BigInt(centavos));

/**
 * `/appointLoan` (ST-08, ST-09): what Easy Re-loan does, the switch, the reward ladder and where the
 * borrower stands on it. Switching on goes through the agreement (VAL-12), and so does agreeing again
 * when the agreement in force changed; switching off is offered only where the rules allow, with the
 * reason when they do not.
 */
export default function AppointLoanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const state = useEasyReloan();
  const switchOff = useActionMutation(useSwitchEasyReloan(), () => 'off');
  const v = state.data;

  if (state.error) return <Page>{<Notice tone="danger">{errorText(state.error, locale)}</Notice>}</Page>;
  if (!v) return <Page>{<p aria-busy="true">…</p>}</Page>;

  const ladder = EASY_RELOAN_REWARD_LADDER.map((amount, i) => ({ rung: i + 1, amount }));
  return (
    <Page className="er">
      <Card className="er__hero">
        <h2 className="er__status" data-testid="easy-reloan-status">
          {v.enabled ? t('easyReloan:status.on') : t('easyReloan:status.off')}
        </h2>
        <p className="er__lead">{t('easyReloan:lead')}</p>
      </Card>

      {v.needsAgreement && (
        <>
          {/* VAL-12: on, but agreed to an older version: nothing is booked until they agree again */}
          <Notice tone="warning" testId="easy-reloan-agreement-changed">
            {t('easyReloan:agreementChanged')}
          </Notice>
          <Button
            block
            size="large"
            data-testid="easy-reloan-agree-again"
            onClick={() => void navigate('/bookingAgreement')}
          >
            {t('easyReloan:readNewAgreement')}
          </Button>
        </>
      )}

      {!v.enabled && (
        <>
          {v.activationVoucher === 'none' && (
            <Notice tone="success" testId="easy-reloan-voucher-offer">
              {t('easyReloan:voucherOffer', { amount: peso(v.activationVoucherAmount) })}
            </Notice>
          )}
          <Button
            block
            size="large"
            data-testid="easy-reloan-on"
            onClick={() => void navigate('/bookingAgreement')}
          >
            {t('easyReloan:readAndSwitchOn')}
          </Button>
        </>
      )}

      <List title={t('easyReloan:ladder.title')}>
        {ladder.map(({ rung, amount }) => (
          <ListRow
            key={rung}
            label={
              rung === ladder.length
                ? t('easyReloan:ladder.rungAndAfter', { n: rung })
                : t('easyReloan:ladder.rung', { n: rung })
            }
            value={peso(amount)}
            strong={v.enabled && Math.min(v.streak + 1, ladder.length) === rung}
            testId={`easy-reloan-rung-${rung}`}
          />
        ))}
        <ListRow label={t('easyReloan:ladder.discount')} value={peso(v.reloanDiscount)} />
      </List>

      {v.enabled && (
        <p className="er__next" data-testid="easy-reloan-next">
          {t('easyReloan:next', { amount: peso(v.nextReward), count: v.autoDisbursements })}
        </p>
      )}

      <List>
        <ListRow
          label={t('easyReloan:records')}
          value={t('easyReloan:recordCount', { count: v.rewards.length })}
          href="/appointLoanList"
          testId="easy-reloan-records"
        />
        <ListRow label={t('easyReloan:agreement')} href="/bookingAgreement" />
      </List>

      {v.enabled &&
        (v.canSwitchOff ? (
          <>
            {v.activationVoucher === 'usable' && v.autoDisbursements === 0 && (
              <Notice tone="warning">
                {t('easyReloan:offForfeits', { amount: peso(v.activationVoucherAmount) })}
              </Notice>
            )}
            <Button
              block
              variant="secondary"
              data-testid="easy-reloan-off"
              loading={switchOff.isPending}
              onClick={() => switchOff.run({ body: { on: false } })}
            >
              {t('easyReloan:switchOff')}
            </Button>
          </>
        ) : (
          <Notice tone="info" testId="easy-reloan-off-blocked">
            {errorMessage('EASY_RELOAN_CLOSE_BLOCKED', locale)}
          </Notice>
        ))}
      {switchOff.error != null && <Notice tone="danger">{errorText(switchOff.error, locale)}</Notice>}
      <p className="er__foot">
        <Link to="/homeIndex">{t('easyReloan:backHome')}</Link>
      </p>
    </Page>
  );
}
