export type MailLanguage = 'zh' | 'en';

/** The body of a mail in one language, or in several already (`lang` unset); paragraphs split by blank lines. */
export interface MailSection {
  lang?: MailLanguage;
  text: string;
}

/** A mail as its sender writes it; the mail service lays it out (text and HTML) under the site's title. */
export interface MailContent {
  to: string;
  subject: string;
  /** One per language the mail is written in: the reader's, else Chinese then English. */
  sections: MailSection[];
  /** A code the reader types in: shown once, large, above the words (which call it "the code above"). */
  code?: string;
}

/**
 * The web's default theme colour (DEFAULT_THEME in apps/web/src/stores/page-style.ts). No colour here
 * may be six digits: the browser suite reads an emailed code as the last six-digit number of the mail.
 */
export const MAIL_THEME = '#409EFF';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML text or attribute value: every interpolated value of a mail goes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

const CODE_LABEL: Record<MailLanguage, string> = { zh: '验证码', en: 'Code' };

/** "验证码", "Code" or "验证码 / Code", after the languages of the sections (both when none is named). */
function codeLabel(sections: MailSection[]): string {
  const langs = sections.flatMap((s) => (s.lang ? [s.lang] : []));
  const named = langs.length > 0 ? [...new Set(langs)] : (['zh', 'en'] as const);
  return named.map((lang) => CODE_LABEL[lang]).join(' / ');
}

/** The text part: the code first, the sections, and the site's title as the signature. */
export function mailText(title: string, content: MailContent): string {
  const parts = content.sections.map((s) => s.text.trim());
  if (content.code) parts.unshift(`${codeLabel(content.sections)}: ${content.code}`);
  return `${parts.join('\n\n')}\n\n-- \n${title}\n`;
}

/** http(s) addresses in a paragraph become links (only these schemes: never `javascript:`). */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'「」（）]+[^\s<>"'「」（）.,;:!?。，；：！？)]/g;

/** One paragraph: escaped, its addresses linked, its line breaks kept. */
function paragraph(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(at, match.index))}<a href="${url}" style="color:${MAIL_THEME};">${url}</a>`;
    at = match.index + match[0].length;
  }
  html += escapeHtml(text.slice(at));
  return `<p style="margin:0 0 12px;">${html.replace(/\r?\n/g, '<br>')}</p>`;
}

function section(s: MailSection): string {
  const paragraphs = s.text
    .trim()
    .split(/\n\s*\n/)
    .map(paragraph)
    .join('');
  return s.lang
    ? `<div lang="${s.lang === 'zh' ? 'zh-CN' : 'en'}">${paragraphs}</div>`
    : `<div>${paragraphs}</div>`;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei',Arial,sans-serif";

/**
 * The HTML part: the site's title on a band of the theme colour, the code large, the sections (a rule
 * between languages). Tables and inline styles, the only layout every mail client keeps.
 */
export function mailHtml(title: string, content: MailContent): string {
  const code = content.code
    ? `<tr><td align="center" style="padding:24px 24px 0;">` +
      `<div style="font-size:13px;color:#6b7785;margin-bottom:8px;">${escapeHtml(codeLabel(content.sections))}</div>` +
      `<div style="display:inline-block;padding:12px 24px;border:1px solid ${MAIL_THEME};border-radius:6px;` +
      `font-family:Consolas,Menlo,monospace;font-size:32px;font-weight:700;letter-spacing:8px;color:${MAIL_THEME};">` +
      `${escapeHtml(content.code)}</div></td></tr>`
    : '';
  const body = content.sections
    .map(section)
    .join('<hr style="border:none;border-top:1px solid #e5e6eb;margin:16px 0;">');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ',
    `style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${FONT};color:#1f2329;">`,
    `<tr><td style="background:${MAIL_THEME};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:600;border-radius:8px 8px 0 0;">`,
    `${escapeHtml(title)}</td></tr>`,
    code,
    `<tr><td style="padding:24px;font-size:14px;line-height:1.7;">${body}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}
