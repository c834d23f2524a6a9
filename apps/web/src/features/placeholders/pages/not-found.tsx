import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Button from 'antd-mobile/es/components/button';
import { useLoggedIn } from '../../../lib/store/index.ts';
import { Page } from '../../../lib/ui/page.tsx';
import './placeholder.css';

/** Unknown path that is not a configured alias either. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  return (
    <Page className="not-found">
      <ErrorBlock status="empty" title={t('routes:notFound')} description={t('common:notFoundBody')} />
      <Button
        block
        color="primary"
        onClick={() => void navigate(loggedIn ? '/homeIndex' : '/start', { replace: true })}
      >
        {t('common:actions.home')}
      </Button>
    </Page>
  );
}
