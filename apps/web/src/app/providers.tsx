import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FeedbackProvider } from '../lib/feedback';
import { changeLanguage, initI18n } from '../lib/i18n';
import { type Size, useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';

/** Failed calls already notified the user (request client); retrying them would notify again. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

const ANTD_SIZE: Record<Size, 'large' | 'middle' | 'small'> = {
  large: 'large',
  medium: 'middle',
  small: 'small',
};

const i18n = initI18n(useAppStore.getState().language);

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const size = useAppStore((s) => s.size);
  const colorPrimary = useSettingsStore((s) => s.theme);
  useEffect(() => {
    // The shell's own CSS (tags, logo) follows the theme through this variable.
    document.documentElement.style.setProperty('--app-primary', colorPrimary);
  }, [colorPrimary]);
  useEffect(() => {
    changeLanguage(language);
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={language === 'zh' ? zhCN : enUS}
        componentSize={ANTD_SIZE[size]}
        theme={{ token: { colorPrimary, colorLink: colorPrimary } }}
      >
        <FeedbackProvider>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </FeedbackProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
