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
  const success = params.get('status') === 'success';
  // Shown as text (React escapes it) and bounded, since anyone can craft this URL.
  const message = (params.get('message') ?? '').slice(0, 200);
  return (
    <Page className="ks-result">
      <Result
        status={success ? 'success' : 'error'}
        title={<span data-testid="result-title">{success ? t('info:result.success') : t('info:result.fail')}</span>}
        description={message || (success ? t('info:result.successBody') : t('info:result.failBody'))}
      />
      <Button block color="primary" size="large" onClick={() => void navigate(loggedIn ? '/homeIndex' : '/start', { replace: true })}>
        {loggedIn ? t('info:result.home') : t('info:result.start')}
      </Button>
    </Page>
  );
}
