import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../locales/en-US';
import { zhCN } from '../locales/zh-CN';
import type { Language } from './language';

/** One i18next instance; the app store's language drives it. */
export function initI18n(language: Language): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: enUS }, zh: { translation: zhCN } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18next;
}

export function changeLanguage(language: Language): void {
  void i18next.changeLanguage(language);
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}
