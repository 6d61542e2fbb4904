import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, initI18n } from '../lib/i18n';
import { themeShades } from '../lib/theme-shades';
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
  const colour = usePageStyleStore((s) => s.theme);
  const dark = usePageStyleStore((s) => s.dark);
  useEffect(() => {
    // The shell's own CSS (tags, logo, signed-out pages) follows the theme through these variables:
    // the chosen colour for accents, its AA shade for text and fills (lib/theme-shades.ts).
    const shades = themeShades(colour, dark);
    const root = document.documentElement;
    root.style.setProperty('--app-primary', shades.identity);
    root.style.setProperty('--app-primary-text', shades.primary);
    root.style.setProperty('--app-on-primary', shades.onPrimary);
    root.dataset.theme = dark ? 'dark' : 'light';
  }, [colour, dark]);
  useEffect(() => {
    changeLanguage(language);
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
