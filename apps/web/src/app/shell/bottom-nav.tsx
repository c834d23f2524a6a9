import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../lib/unread-messages.ts';
import { HomeIcon, LoanIcon, ProfileIcon } from './icons.tsx';
import './bottom-nav.css';

const TABS = [
  { key: 'homeIndex', label: 'common:tabs.home', icon: <HomeIcon /> },
  { key: 'billIndex', label: 'common:tabs.loans', icon: <LoanIcon /> },
  { key: 'my', label: 'common:tabs.profile', icon: <ProfileIcon /> },
] as const;

/**
 * SH-09: Home, My Loan, Profile. Plain links rather than antd-mobile's TabBar (issue 9): a tab is a
 * real link (a screen reader says "link", "current page"; a long press offers to open it), and the
 * bar needs none of antd's component code, five fewer files on a cold start of every page with it.
 * It looks as the TabBar did: icon over title, the primary colour on the current tab, a red count.
 */
export function BottomNav({ current }: { current: string }) {
  const { t } = useTranslation();
  // EN-08: unread messages show on Profile, where the message centre is
  const unread = useUnreadMessages()?.total ?? 0;
  return (
    <nav className="shell__tabbar" data-testid="tabbar">
      <ul className="tabbar">
        {TABS.map((tab) => {
          const here = tab.key === current;
          const badge = tab.key === 'my' && unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null;
          return (
            <li key={tab.key} className="tabbar__cell">
              <Link
                to={`/${tab.key}`}
                className={`tabbar__item${here ? ' tabbar__item--on' : ''}`}
                aria-current={here ? 'page' : undefined}
              >
                <span className="tabbar__icon">
                  {tab.icon}
                  {badge && (
                    <span className="tabbar__badge" aria-hidden>
                      {badge}
                    </span>
                  )}
                </span>
                <span className="tabbar__title" data-testid={`tab-${tab.key}`}>
                  {t(tab.label)}
                  {badge && (
                    <span className="visually-hidden" data-testid="tab-unread">
                      {t('common:unreadMessages', { count: unread })}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
