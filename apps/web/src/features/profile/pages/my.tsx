import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import List from 'antd-mobile/es/components/list';
import { formatPeso, maskPhone } from '@pisonow/domain';
import { useHome } from '../../../lib/home-summary.ts';
import { useCoCore, useLoggedIn } from '../../../lib/store/index.ts';
import { Card, Page } from '../../../lib/ui/page.tsx';
import { useUnreadMessages } from '../../../lib/unread-messages.ts';
import { SupportCard } from '../components/support-card.tsx';
import './my.css';

// the feedback form (and the sheet it opens in) loads when asked for, not with the profile page
const FeedbackSheet = lazy(async () => ({
  default: (await import('../components/feedback-sheet.tsx')).FeedbackSheet,
}));

const MENU = [
  { to: '/coupon', label: 'profile:my.coupons' },
  { to: '/msgCenter', label: 'profile:my.messages' },
  { to: '/setup', label: 'profile:my.settings' },
  { to: '/aboutUs', label: 'profile:my.about' },
  { to: '/privacy', label: 'profile:my.privacy' },
  { to: '/myData', label: 'profile:my.myData' },
  { to: '/complaints', label: 'profile:my.complaints' },
  { to: '/conditionalTerms', label: 'profile:my.terms' },
] as const;

/** A head-and-shoulders figure for the avatar before the borrower has given their name. */
function PersonGlyph() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="12" cy="8" r="4.2" />
      <path d="M3.5 21c0-4.4 3.8-7.4 8.5-7.4s8.5 3 8.5 7.4z" />
    </svg>
  );
}

/**
 * `/my`: the profile hub (kept alive, SH-03): the borrower by their first name (the masked number
 * under it, privacy by default), the credit limit once approved with the way to see it grow, then
 * coupons, messages (unread count), settings and the rest, and support. Name and limit come from
 * the home summary (one cached request shared with home).
 */
export default function MyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useCoCore((s) => s.publicData.phone_number);
  const home = useHome(useLoggedIn()).data;
  const unread = useUnreadMessages()?.total ?? 0;
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const firstName = home?.firstName?.trim() || null;
  return (
    <Page className="my">
      <section className="my__head">
        <div className="my__avatar" aria-hidden="true" data-testid="my-avatar">
          {firstName ? firstName.charAt(0).toLocaleUpperCase() : <PersonGlyph />}
        </div>
        <div>
          <p className="my__hello" data-testid="my-hello">
            {firstName ? t('profile:my.helloName', { name: firstName }) : t('profile:my.hello')}
          </p>
          <p className="my__phone" data-testid="my-phone">
            {maskPhone(phone)}
          </p>
        </div>
      </section>
      {home?.creditLimit && (
        <Card className="my__limit">
          <p className="my__limit-label">{t('home:limit.label')}</p>
          <p className="my__limit-amount" data-testid="my-limit">
            {formatPeso(BigInt(home.creditLimit))}
          </p>
          <button
            type="button"
            className="my__limit-link"
            onClick={() => void navigate('/subIndex')}
            data-testid="my-limit-link"
          >
            {t('profile:my.limitLink')}
          </button>
        </Card>
      )}
      <List className="my__menu">
        {MENU.map((item) => (
          <List.Item
            key={item.to}
            onClick={() => void navigate(item.to)}
            data-testid={`my-link-${item.to.slice(1)}`}
            extra={
              item.to === '/msgCenter' && unread > 0 ? (
                <span className="my__unread" data-testid="my-unread">
                  {t('messages:unreadCount', { count: unread })}
                </span>
              ) : undefined
            }
          >
            {t(item.label)}
          </List.Item>
        ))}
      </List>
      <div className="my__support">
        <SupportCard />
        <List>
          <List.Item onClick={() => setFeedbackOpen(true)} data-testid="my-feedback">
            {t('profile:feedback.title')}
          </List.Item>
        </List>
      </div>
      {feedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackSheet visible onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </Page>
  );
}
