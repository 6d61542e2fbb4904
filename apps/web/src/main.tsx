import 'nprogress/nprogress.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { installGlobalErrorLog, recordError } from './lib/error-log';

installGlobalErrorLog();

// `npm run dev:mock` only: the template's mock calls (src/mocks). A production build's MODE is
// 'production', so this branch and the dynamic import (msw with it) are dropped from the bundle.
if (import.meta.env.MODE === 'mock') await (await import('./mocks/browser')).startMockWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root, {
  onCaughtError: (error, info) => recordError(error, info.componentStack ?? 'render'),
  onUncaughtError: (error, info) => recordError(error, info.componentStack ?? 'render'),
}).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
