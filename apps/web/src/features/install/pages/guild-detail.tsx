import { useTranslation } from 'react-i18next';
import { Page } from '../../../lib/ui/page.tsx';
import './install.css';

/**
 * `/guildDetail` (SH-15): how to add the app to the home screen on iPhone Safari, in three steps
 * with drawings of what the borrower will see (Share → Add to Home Screen → Add), then open it from
 * the new icon (that first standalone launch is what grants the coupon).
 */
export default function GuildDetailPage() {
  const { t } = useTranslation();
  const steps = [
    { key: 'share', art: <ShareArt /> },
    { key: 'add', art: <AddArt /> },
    { key: 'confirm', art: <ConfirmArt /> },
    { key: 'open', art: <OpenArt /> },
  ] as const;
  return (
    <Page className="install">
      <p className="install__lead">{t('install:guide.intro')}</p>
      <ol className="install__steps">
        {steps.map((step, i) => (
          <li key={step.key} className="install__step" data-testid={`guide-step-${i + 1}`}>
            {step.art}
            <div>
              <h2 className="install__step-title">{t(`install:guide.${step.key}.title`)}</h2>
              <p className="install__step-body">{t(`install:guide.${step.key}.body`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="install__fine">{t('install:guide.otherBrowsers')}</p>
    </Page>
  );
}

const frame = (children: React.ReactNode) => (
  <svg className="install__step-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <rect x="2" y="2" width="60" height="60" rx="12" fill="#e6f4f1" />
    {children}
  </svg>
);

/** Safari's Share button: a box with an arrow up. */
const ShareArt = () =>
  frame(
    <g fill="none" stroke="#0f766e" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 30v16h20V30" />
      <path d="M32 14v22M25 21l7-7 7 7" />
    </g>,
  );
/** "Add to Home Screen": a square with a plus. */
const AddArt = () =>
  frame(
    <g fill="none" stroke="#0f766e" strokeWidth="3" strokeLinecap="round">
      <rect x="18" y="18" width="28" height="28" rx="6" />
      <path d="M32 25v14M25 32h14" />
    </g>,
  );
/** "Add" in the top corner. */
const ConfirmArt = () =>
  frame(
    <g>
      <rect x="12" y="24" width="40" height="16" rx="8" fill="#0f766e" />
      <text x="32" y="36" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
        Add
      </text>
    </g>,
  );
/** Our icon on the home screen. */
const OpenArt = () =>
  frame(
    <g>
      <rect x="20" y="16" width="24" height="24" rx="6" fill="#0f766e" />
      <text x="32" y="33" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        ₱
      </text>
      <rect x="18" y="44" width="28" height="5" rx="2.5" fill="#9fb8b3" />
    </g>,
  );
