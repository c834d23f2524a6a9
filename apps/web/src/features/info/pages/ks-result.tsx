import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Result from 'antd-mobile/es/components/result';
import Button from 'antd-mobile/es/components/button';
import { useLoggedIn } from '../../../lib/store/index.ts';
import { Page } from '../../../lib/ui/page.tsx';
import './ks-result.css';

/** `/KSResult?status=success|fail&message=…`: where an external flow (e.g. a payment) lands. */
export default function KSResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const [params] = useSearchParams();
  const raw = params.get('status');
  // Clarity item 10: opened without a result (a bookmark, a typed URL) is neutral, not a red "Failed".
  const status = raw === 'success' ? 'success' : raw === 'fail' ? 'fail' : 'none';
  const success = status === 'success';
  // Shown as text (React escapes it) and bounded, since anyone can craft this URL.
  const message = (params.get('message') ?? '').slice(0, 200);
  return (
    <Page className="ks-result">
      <Result
        status={success ? 'success' : status === 'fail' ? 'error' : 'info'}
        title={
          <span data-testid="result-title">{t(`info:result.${status === 'none' ? 'none' : status}`)}</span>
        }
        description={
          status === 'none'
            ? t('info:result.noneBody')
            : message || (success ? t('info:result.successBody') : t('info:result.failBody'))
        }
      />
      <Button
        block
        color="primary"
        size="large"
        onClick={() => void navigate(loggedIn ? '/homeIndex' : '/start', { replace: true })}
      >
        {loggedIn ? t('info:result.home') : t('info:result.start')}
      </Button>
    </Page>
  );
}
