import type { OutgoingMail } from './mail.repository.js';

export type MailLanguage = 'zh' | 'en';
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
): OutgoingMail {
  if (language === 'zh' || language === 'en') return { to, ...make(language) };
  const zh = make('zh');
  const en = make('en');
  return { to, subject: `${zh.subject} / ${en.subject}`, text: `${zh.text}\n\n${en.text}` };
}
