import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../lib/ui/page.tsx';
import './placeholder.css';

/** Pages of later issues: their title (in the shell header) and a short note, nothing more. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const leaf = useMatches().at(-1);
  const handle = leaf?.handle as { name?: string } | undefined;
  return (
    <Page className="placeholder">
      <div className="placeholder__box" data-testid={`placeholder-${handle?.name ?? ''}`}>
        <div className="placeholder__icon" aria-hidden="true">
          ⏳
        </div>
        <p className="placeholder__title">{t(`routes:${handle?.name ?? 'notFound'}`)}</p>
        <p className="placeholder__note">{t('common:comingSoon')}</p>
      </div>
    </Page>
  );
}
