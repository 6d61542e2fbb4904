import { z } from 'zod';
import { timezoneSchema } from './sites.js';

/**
 * Every list's CSV export (`<list>/export`, an `endpoint({ file: true, query: csvQuery(<list query>) })`
 * twin of its `fetch`): the list's own filters and sort, plus the language of the headings and values
 * and the time zone its times are written in (docs/product.md, "Times and time zones").
 */
export const CSV_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

/** What an export adds to its list's query: `lang` (else the request's language) and `tz` (else the server's zone). */
export const csvQueryFields = {
  lang: z.enum(CSV_LANGUAGES).optional(),
  tz: timezoneSchema.optional(),
};

/** The export's query: the list's filters and sort (its `page` and `limit` are not used) and `lang`, `tz`. */
export function csvQuery<T extends z.ZodRawShape, C extends z.core.$ZodObjectConfig>(
  listQuery: z.ZodObject<T, C>,
) {
  return listQuery.extend(csvQueryFields);
}

/** Values of a yes/no column. */
export const YES_NO_LABELS = {
  true: { zh: '是', en: 'Yes' },
  false: { zh: '否', en: 'No' },
} as const;

/** The stored roles as the back office names them. */
export const ROLE_LABELS = {
  admin: { zh: '管理员', en: 'Admin' },
  user: { zh: '用户', en: 'User' },
  article_editor: { zh: '文章编辑', en: 'Article editor' },
  client: { zh: '分享访客', en: 'Share-link visitor' },
} as const;

/** An account's state in 用户管理. */
export const ACCOUNT_STATUS_LABELS = {
  active: { zh: '正常', en: 'Active' },
  banned: { zh: '已封禁', en: 'Banned' },
} as const;

// The words of the lists' enums in an export (the web labels its tables with the same words).
type Words = { readonly zh: string; readonly en: string };
type LabelsOf<K extends string> = { readonly [key in K]: Words };

export const ORDER_STATUS_LABELS: LabelsOf<'pending' | 'paid' | 'cancelled' | 'refunded'> = {
  pending: { zh: '待支付', en: 'Unpaid' },
  paid: { zh: '已支付', en: 'Paid' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  refunded: { zh: '已退款', en: 'Refunded' },
};
export const ORDER_KIND_LABELS: LabelsOf<'new' | 'renew' | 'upgrade'> = {
  new: { zh: '新购', en: 'New plan' },
  renew: { zh: '续费', en: 'Renewal' },
  upgrade: { zh: '更换套餐', en: 'Change of plan' },
};
export const COUPON_KIND_LABELS: LabelsOf<'fixed' | 'percent'> = {
  fixed: { zh: '固定金额', en: 'Fixed amount' },
  percent: { zh: '百分比', en: 'Percentage' },
};
export const TICKET_STATUS_LABELS: LabelsOf<'open' | 'answered' | 'closed'> = {
  open: { zh: '待回复', en: 'Waiting for reply' },
  answered: { zh: '已回复', en: 'Answered' },
  closed: { zh: '已关闭', en: 'Closed' },
};
export const TICKET_PRIORITY_LABELS: LabelsOf<'low' | 'normal' | 'high'> = {
  low: { zh: '低', en: 'Low' },
  normal: { zh: '普通', en: 'Normal' },
  high: { zh: '高', en: 'High' },
};
export const ARTICLE_STATUS_LABELS: LabelsOf<'draft' | 'published'> = {
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
};
export const MAIL_STATUS_LABELS: LabelsOf<'queued' | 'sent' | 'failed' | 'stored'> = {
  queued: { zh: '排队中', en: 'Queued' },
  sent: { zh: '已发送', en: 'Sent' },
  failed: { zh: '发送失败', en: 'Failed' },
  stored: { zh: '已保存（未配置 SMTP）', en: 'Kept (no SMTP)' },
};
export const JOB_STATE_LABELS: LabelsOf<
  'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed'
> = {
  created: { zh: '等待', en: 'Created' },
  retry: { zh: '待重试', en: 'Retry' },
  active: { zh: '执行中', en: 'Active' },
  completed: { zh: '已完成', en: 'Completed' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  failed: { zh: '失败', en: 'Failed' },
};
export const FILE_KIND_LABELS: LabelsOf<'image' | 'video' | 'audio' | 'document' | 'archive'> = {
  image: { zh: '图片', en: 'Image' },
  video: { zh: '视频', en: 'Video' },
  audio: { zh: '音频', en: 'Audio' },
  document: { zh: '文档', en: 'Document' },
  archive: { zh: '压缩包', en: 'Archive' },
};
export const BOT_MODE_LABELS: LabelsOf<'webhook' | 'polling'> = {
  webhook: { zh: 'Webhook', en: 'Webhook' },
  polling: { zh: '轮询', en: 'Polling' },
};
export const BOT_STATUS_LABELS: LabelsOf<'ok' | 'error' | 'disabled'> = {
  ok: { zh: '正常', en: 'OK' },
  error: { zh: '出错', en: 'Error' },
  disabled: { zh: '已停用', en: 'Disabled' },
};
export const GROUP_LANGUAGE_LABELS: LabelsOf<'zh' | 'en'> = {
  zh: { zh: '中文', en: 'Chinese' },
  en: { zh: '英文', en: 'English' },
};
/** A short link's `status` (1 on, 0 off). */
export const SWITCH_LABELS: LabelsOf<'0' | '1'> = {
  '1': { zh: '启用', en: 'On' },
  '0': { zh: '停用', en: 'Off' },
};
