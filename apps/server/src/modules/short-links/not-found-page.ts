import type { MessageLanguage } from '@tally/contracts';

const TEXT = {
  zh: {
    lang: 'zh-CN',
    title: '链接不可用',
    heading: '这个短链接无法打开',
    body: '它可能已被关闭、已过期、访问次数已用完，或者从未存在。请向给你链接的人确认。',
  },
  en: {
    lang: 'en-US',
    title: 'Link unavailable',
    heading: 'This short link cannot be opened',
    body: 'It may have been switched off, have expired or used up its visits, or it never existed. Please check with whoever sent it to you.',
  },
} as const;

/** Built once per language: the page has nothing of the request in it. */
const PAGES = Object.fromEntries(
  Object.entries(TEXT).map(([key, t]) => [
    key,
    `<!doctype html><html lang="${t.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title><style>body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:#303133;display:flex;min-height:100vh;align-items:center;justify-content:center}main{max-width:28rem;margin:1rem;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);text-align:center}.code{font-size:3rem;font-weight:700;color:#409eff;margin:0}h1{font-size:1.25rem;margin:.5rem 0 1rem}p{line-height:1.6;color:#606266;margin:0}</style></head><body><main data-testid="short-link-unavailable"><p class="code">404</p><h1>${t.heading}</h1><p>${t.body}</p></main></body></html>`,
  ]),
) as Record<MessageLanguage, string>;

/** The friendly page of an off, expired, used-up or unknown short link, in the reader's language. */
export function notFoundPage(lang: MessageLanguage): string {
  return PAGES[lang];
}
