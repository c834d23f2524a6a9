import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { DocumentPanel } from '../../../lib/document/document-view.tsx';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Button } from '../../../lib/ui/button.tsx';
import { Notice } from '../../../lib/ui/notice.tsx';
import { Page } from '../../../lib/ui/page.tsx';
import { useEasyReloan } from '../api/get-easy-reloan.ts';
import { useEasyReloanAgreement } from '../api/get-agreement.ts';
import { useSwitchEasyReloan } from '../api/switch-easy-reloan.ts';
import './easy-reloan.css';

/**
 * `/bookingAgreement` (VAL-12): the Easy Re-loan Agreement in the borrower's language; agreeing is
 * a deliberate tick, and switching on sends the version read so the server can refuse a stale one.
 */
export default function BookingAgreementPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const agreement = useEasyReloanAgreement(locale);
  const state = useEasyReloan();
  const switchOn = useActionMutation(useSwitchEasyReloan(), (input) => JSON.stringify(input));
  const [agreed, setAgreed] = useState(false);
  const alreadyOn = state.data?.enabled && state.data.agreedVersion === agreement.data?.version;

  return (
    <Page className="er">
      <DocumentPanel
        title={t('easyReloan:agreement')}
        html={agreement.data?.html}
        loading={agreement.isLoading}
        testId="easy-reloan-agreement"
      />
      {agreement.error != null && <Notice tone="danger">{errorText(agreement.error, locale)}</Notice>}
      {alreadyOn ? (
        <Notice tone="success" testId="easy-reloan-agreed">
          {t('easyReloan:alreadyAgreed')}
        </Notice>
      ) : (
        <>
          <label className="er__agree">
            <input
              type="checkbox"
              data-testid="easy-reloan-agree"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            <span>{t('easyReloan:agreeLabel')}</span>
          </label>
          <Button
            block
            size="large"
            data-testid="easy-reloan-confirm"
            disabled={!agreed || !agreement.data}
            loading={switchOn.isPending}
            onClick={() =>
              switchOn.run(
                { body: { on: true, agreedVersion: agreement.data!.version } },
                { onSuccess: () => void navigate('/appointLoan', { replace: true }) },
              )
            }
          >
            {t('easyReloan:agreeAndSwitchOn')}
          </Button>
          {switchOn.error != null && <Notice tone="danger">{errorText(switchOn.error, locale)}</Notice>}
        </>
      )}
    </Page>
  );
}
