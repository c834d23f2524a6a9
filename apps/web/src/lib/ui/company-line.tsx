import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../public-config.ts';
import './ui.css';

/**
 * The legal disclosure the SEC requires of lending platforms (MC 19 s.2019): corporate name, SEC
 * registration number and certificate of authority number, all from server configuration.
 */
export function CompanyLine() {
  const { t } = useTranslation();
  const { data } = usePublicConfig();
  if (!data) return <p className="ui-company" data-testid="company-line" aria-busy="true" />;
  return (
    <p className="ui-company" data-testid="company-line">
      {t('common:company.line', {
        name: data.company.name,
        sec: data.company.secRegistrationNo,
        ca: data.company.certificateOfAuthorityNo,
      })}
    </p>
  );
}
