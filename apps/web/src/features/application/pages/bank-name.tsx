import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { PAYOUT_CHANNELS, PAYOUT_PROVIDERS, stripChinese } from '@pisonow/domain';
import { Page } from '../../../lib/ui/page.tsx';
import './bank-name.css';

/** `/bankName`: every bank, e-wallet and remittance partner, searchable; a tap hands the choice to /bankInfo. */
export default function BankNamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    return PAYOUT_CHANNELS.map((channel) => ({
      channel,
      providers: PAYOUT_PROVIDERS.filter(
        (p) =>
          p.channel === channel &&
          (!q || p.name.toLowerCase().includes(q) || p.code.toLowerCase().includes(q)),
      ),
    })).filter((g) => g.providers.length > 0);
  }, [query]);
  return (
    <Page className="bank-name">
      <SearchBar
        placeholder={t('application:search')}
        value={query}
        onChange={(v) => setQuery(stripChinese(v))}
        data-testid="search-provider"
      />
      {groups.length === 0 && <p className="bank-name__empty">{t('application:noResults')}</p>}
      {groups.map((group) => (
        <section key={group.channel} className="bank-name__group" data-testid={`picker-${group.channel}`}>
          <h2>{t(`application:enum.channel.${group.channel}`)}</h2>
          <ul>
            {group.providers.map((p) => (
              <li key={p.code}>
                <button
                  type="button"
                  data-testid={`option-${p.code}`}
                  onClick={() => void navigate(`/bankInfo?provider=${p.code}`, { replace: true })}
                >
                  {p.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
