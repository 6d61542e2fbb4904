import { COOKIE, readCookie } from './cookies';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale the server speaks for each interface language (CSV headings, place names). */
export const LOCALE: Record<Language, 'zh-CN' | 'en-US'> = { zh: 'zh-CN', en: 'en-US' };

/** Seed section 9: the language cookie, else a browser language matching en or zh, else en. */
export function detectLanguage(
  cookie: string | undefined = readCookie(COOKIE.language),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (cookie === 'zh' || cookie === 'en') return cookie;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'zh' || base === 'en') return base;
  }
  return 'en';
}
