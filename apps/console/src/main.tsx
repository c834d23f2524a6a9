import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { App } from './App.tsx';
import { ApiError } from './api.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // personal data: never kept around longer than the page needs it
      gcTime: 60_000,
      staleTime: 10_000,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider
      locale={enUS}
      theme={{
        token: {
          colorPrimary: '#0f766e',
          colorLink: '#0b5c55',
          colorTextDescription: 'rgba(0,0,0,0.65)',
          colorTextPlaceholder: 'rgba(0,0,0,0.55)',
          // an empty table's placeholder is drawn in these: dark enough to read (axe, 4.5:1)
          colorTextQuaternary: 'rgba(0,0,0,0.55)',
          colorTextDisabled: 'rgba(0,0,0,0.55)',
          // a danger button's white text needs the darker red (5.9:1; the default is 3.3:1)
          colorError: '#cf1322',
        },
      }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
