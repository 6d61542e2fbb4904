import type { MailContent, MailLanguage } from './mail-layout.js';

export type { MailLanguage } from './mail-layout.js';
export interface MailText {
  subject: string;
  text: string;
}

/**
 * A mail in its recipient's language (`users.language`, the one they last used the app in); in both,
 * Chinese first, while that is not known yet.
 */
export function inLanguage(
  to: string,
  language: string | null,
  make: (lang: MailLanguage) => MailText,
): MailContent {
  if (language === 'zh' || language === 'en') {
    const { subject, text } = make(language);
    return { to, subject, sections: [{ lang: language, text }] };
  }
  const zh = make('zh');
  const en = make('en');
  return {
    to,
    subject: `${zh.subject} / ${en.subject}`,
    sections: [
      { lang: 'zh', text: zh.text },
      { lang: 'en', text: en.text },
    ],
  };
}
