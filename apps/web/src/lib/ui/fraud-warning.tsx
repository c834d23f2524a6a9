import { useTranslation } from 'react-i18next';
import './ui.css';

/** SH-17: shown wherever an OTP is typed or money moves. */
export function FraudWarning() {
  const { t } = useTranslation();
  return (
    <div className="ui-fraud" role="note" data-testid="fraud-warning">
      <strong className="ui-fraud__title">{t('common:fraud.title')}</strong>
      <span>{t('common:fraud.body')}</span>
    </div>
  );
}
