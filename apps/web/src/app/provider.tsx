import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { queryClient } from '../lib/query-client.ts';
import { useLocale } from '../lib/i18n/index.ts';

/** antd-mobile has no Filipino pack; its few built-in words (Confirm, Cancel) stay English there. */
function useAntdLocale() {
  return useLocale() === 'zh-CN' ? zhCN : enUS;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const locale = useAntdLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
