import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { useUnreadMessages } from '../../lib/unread-messages.ts';
import { HomeIcon, LoanIcon, ProfileIcon } from './icons.tsx';
import './shell.css';

const TABS = [
  { key: 'homeIndex', label: 'common:tabs.home', icon: <HomeIcon /> },
  { key: 'billIndex', label: 'common:tabs.loans', icon: <LoanIcon /> },
  { key: 'my', label: 'common:tabs.profile', icon: <ProfileIcon /> },
] as const;

/** SH-09: Home, My Loan, Profile. */
export function BottomNav({ current }: { current: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const active = TABS.some((tab) => tab.key === current) ? current : '';
  // EN-08: unread messages show on Profile, where the message centre is
  const unread = useUnreadMessages()?.total ?? 0;
  return (
    <nav className="shell__tabbar" data-testid="tabbar">
      <TabBar activeKey={active} onChange={(key) => void navigate(`/${key}`)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            badge={tab.key === 'my' && unread > 0 ? (unread > 99 ? '99+' : String(unread)) : undefined}
            title={
              <span data-testid={`tab-${tab.key}`}>
                {t(tab.label)}
                {tab.key === 'my' && unread > 0 && (
                  <span className="visually-hidden" data-testid="tab-unread">
                    {t('common:unreadMessages', { count: unread })}
                  </span>
                )}
              </span>
            }
          />
        ))}
      </TabBar>
    </nav>
  );
}
