import 'nprogress/nprogress.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { installGlobalErrorLog, recordError } from './lib/error-log';

installGlobalErrorLog();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root, {
  onCaughtError: (error, info) => recordError(error, info.componentStack ?? 'render'),
  onUncaughtError: (error, info) => recordError(error, info.componentStack ?? 'render'),
}).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
