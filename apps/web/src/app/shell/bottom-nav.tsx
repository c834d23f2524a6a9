import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import TabBar from 'antd-mobile/es/components/tab-bar';
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
  return (
    <nav className="shell__tabbar" data-testid="tabbar">
      <TabBar activeKey={active} onChange={(key) => void navigate(`/${key}`)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={<span data-testid={`tab-${tab.key}`}>{t(tab.label)}</span>} />
        ))}
      </TabBar>
    </nav>
  );
}
