import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

/** A code or number the borrower types elsewhere (bank app, counter): shown large, copyable. */
export function CopyValue({
  label,
  value,
  display,
  testId,
}: {
  label: string;
  value: string;
  display?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const copy = () => {
    const done = () => showToast(t('servicing:copied'));
    if (navigator.clipboard?.writeText)
      navigator.clipboard.writeText(value).then(done, () => showToast(value));
    else showToast(value);
  };
  return (
    <div className="sv-copy">
      <span className="sv-copy__label">{label}</span>
      <span className="sv-copy__row">
        <strong className="sv-copy__value" data-testid={testId}>
          {display ?? value}
        </strong>
        <button
          type="button"
          className="sv-copy__button"
          onClick={copy}
          data-testid={`${testId}-copy`}
          aria-label={`${t('servicing:copy')} ${label}`}
        >
          {t('servicing:copy')}
        </button>
      </span>
    </div>
  );
}
