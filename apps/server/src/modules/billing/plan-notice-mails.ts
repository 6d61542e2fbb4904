import { inLanguage, type MailContent, type MailLanguage, type MailText } from '../mail/mail.service.js';
import type { EndingTerm, QuotaUse } from './usage.repository.js';

const n = (v: number, lang: MailLanguage) => v.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
const day = (d: Date) => d.toISOString().slice(0, 10);
const planName = (r: { planNameZh: string; planNameEn: string }, lang: MailLanguage) =>
  lang === 'zh' ? r.planNameZh : r.planNameEn;

function quotaText(use: QuotaUse, full: boolean, month: string, title: string, lang: MailLanguage): MailText {
  const plan = planName(use, lang);
  if (lang === 'zh')
    return {
      subject: full ? `${title}：本月页面浏览量已达套餐上限` : `${title}：本月页面浏览量已用 80%`,
      text: [
        `您的站点本月（${month}）已记录 ${n(use.pageviews, lang)} 次页面浏览，套餐「${plan}」每月包含 ${n(use.quota, lang)} 次。`,
        '超出部分照常统计，不会丢弃任何数据。',
        '如需更高额度，请在「我的账号 → 套餐购买」中升级套餐。',
      ].join('\n'),
    };
  return {
    subject: full
      ? `${title}: your monthly page views reached your plan’s quota`
      : `${title}: 80% of your monthly page views used`,
    text: [
      `Your sites recorded ${n(use.pageviews, lang)} page views this month (${month}); your plan ${plan} includes ${n(use.quota, lang)} a month.`,
      'Page views beyond it are still recorded and reported: nothing is dropped.',
      'For a larger quota, upgrade under My account → Plans.',
    ].join('\n'),
  };
}

function expiryText(term: EndingTerm, title: string, lang: MailLanguage): MailText {
  const plan = planName(term, lang);
  if (lang === 'zh')
    return {
      subject: `${title}：您的套餐「${plan}」将于 ${day(term.expiresAt)} 到期`,
      text: [
        `您的套餐「${plan}」将于 ${day(term.expiresAt)}（UTC）到期。`,
        '到期前续费可保留当前套餐的额度；到期后账号恢复为免费套餐的额度，站点和数据都不会被删除。',
        '续费请前往「我的账号 → 套餐购买」。',
      ].join('\n'),
    };
  return {
    subject: `${title}: your plan ${plan} expires on ${day(term.expiresAt)}`,
    text: [
      `Your plan ${plan} expires on ${day(term.expiresAt)} (UTC).`,
      'Renew before then to keep its limits; after that your account has the free plan’s limits again. Nothing is deleted: your sites and data stay.',
      'Renew under My account → Plans.',
    ].join('\n'),
  };
}

/** `title`: the site's (webtitle), which names the product in the subject. */
export const quotaMail = (use: QuotaUse, full: boolean, month: string, title: string): MailContent =>
  inLanguage(use.email, use.language, (lang) => quotaText(use, full, month, title, lang));

export const expiryMail = (term: EndingTerm, title: string): MailContent =>
  inLanguage(term.email, term.language, (lang) => expiryText(term, title, lang));
