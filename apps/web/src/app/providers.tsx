import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, initI18n } from '../lib/i18n';
import { useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';

/** Failed calls already notified the user (request client); retrying them would notify again. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

const i18n = initI18n(useAppStore.getState().language);

/** What every page needs; antd's providers live in app/antd-scope.tsx, loaded with the first antd page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const colorPrimary = usePageStyleStore((s) => s.theme);
  useEffect(() => {
    // The shell's own CSS (tags, logo, signed-out pages) follows the theme through this variable.
    document.documentElement.style.setProperty('--app-primary', colorPrimary);
  }, [colorPrimary]);
  useEffect(() => {
    changeLanguage(language);
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
