import { useEffect, useState, type ReactNode } from 'react';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { useLocale } from '../lib/i18n/index.ts';

type AntdLocale = typeof enUS;

/**
 * antd-mobile has no Filipino pack; its few built-in words (Confirm, Cancel) stay English there.
 * The Chinese pack loads only for a borrower who chose Chinese (issue 9).
 */
function useAntdLocale(): AntdLocale {
  const chinese = useLocale() === 'zh-CN';
  const [zhCN, setZhCN] = useState<AntdLocale>();
  useEffect(() => {
    if (chinese && !zhCN)
      void import('antd-mobile/es/locales/zh-CN').then(
        (m) => setZhCN(() => m.default),
        () => undefined,
      );
  }, [chinese, zhCN]);
  return chinese && zhCN ? zhCN : enUS;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return (
    // no QueryClientProvider here: /start ships without TanStack Query; the router gives every other
    // page its own scope on the one client (lib/query-scope.tsx, issue 9)
    <ConfigProvider locale={locale}>{children}</ConfigProvider>
  );
}
