import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles/global.css';
import { installScaling } from './lib/scaling.ts';
import { initI18n } from './lib/i18n/index.ts';
import { App } from './app/app.tsx';
import { startFirstData } from './app/router/first-data.ts';

// Scaling first: the root font size must be right before anything is laid out (SH-10).
installScaling();
startFirstData(location.pathname);
await initI18n();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// antd-mobile's React 19 adapter serves only its imperative calls (Toast.show, Dialog.alert), none of
// which can happen before the first tap: it loads after the first render, not with it (issue 9).
void import('./lib/antd-react19.ts');
