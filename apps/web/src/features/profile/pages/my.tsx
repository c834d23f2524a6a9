import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import List from 'antd-mobile/es/components/list';
import { maskPhone } from '@pisonow/domain';
import { useCoCore } from '../../../lib/store/index.ts';
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

/** `/my`: profile hub (kept alive, SH-03). Only the masked number is shown (privacy by default). */
export default function MyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useCoCore((s) => s.publicData.phone_number);
  const unread = useUnreadMessages()?.total ?? 0;
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <div className="my">
      <section className="my__head">
        <div className="my__avatar" aria-hidden="true">
          {phone.slice(-2) || '₱'}
        </div>
        <div>
          <p className="my__hello">{t('profile:my.hello')}</p>
          <p className="my__phone" data-testid="my-phone">
            {maskPhone(phone)}
          </p>
        </div>
      </section>
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
    </div>
  );
}
