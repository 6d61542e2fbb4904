import 'nprogress/nprogress.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { installGlobalErrorLog, recordError } from './lib/error-log';

installGlobalErrorLog();

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
