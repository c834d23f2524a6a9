import { useTranslation } from 'react-i18next';
import Result from 'antd-mobile/es/components/result';
import { errorMessage } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { CompanyLine } from '../../../lib/ui/company-line.tsx';
import './no-android.css';

/** `/noAndroid` (SH-04): the catalogue's "Android not supported yet" and what to use instead. */
export default function NoAndroidPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Page className="no-android">
      <Result
        status="warning"
        title={errorMessage('ANDROID_UNSUPPORTED', locale)}
        description={t('info:noAndroid.body')}
      />
      <Card>
        <h2>{t('info:noAndroid.instead')}</h2>
        <ul>
          <li>{t('info:noAndroid.iphone')}</li>
          <li>{t('info:noAndroid.desktop')}</li>
        </ul>
        <p className="no-android__url">{window.location.origin}</p>
      </Card>
      <CompanyLine />
    </Page>
  );
}
