import type { AuditAction } from './audit.js';
import type { ReferrerCategory } from './report-constants.js';

/**
 * Every list's CSV export (`<list>/export`, an `endpoint({ file: true, query: csvQuery(<list query>) })`
 * twin of its `fetch`): the list's own filters and sort, plus the language of the headings and values
 * and the time zone its times are written in (docs/product.md, "Times and time zones").
 */
export const CSV_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

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

/** What a ledger entry refers to (资金明细's 关联类型): the record its reference number names. */
export const LEDGER_REF_LABELS: LabelsOf<
  | 'order'
  | 'recharge'
  | 'withdrawal'
  | 'usdt_transfer'
  | 'admin_adjustment'
  | 'commission'
  | 'commission_transfer'
> = {
  order: { zh: '订单', en: 'Order' },
  recharge: { zh: '充值', en: 'Recharge' },
  withdrawal: { zh: '提现', en: 'Withdrawal' },
  usdt_transfer: { zh: 'USDT 转账', en: 'USDT transfer' },
  admin_adjustment: { zh: '管理员调整', en: 'Adjustment by admin' },
  commission: { zh: '邀请佣金', en: 'Commission' },
  commission_transfer: { zh: '佣金转余额', en: 'Commission to balance' },
};

/** A Telegram chat's type (群组管理), as Telegram names them. */
export const CHAT_TYPE_LABELS: LabelsOf<'private' | 'group' | 'supergroup' | 'channel'> = {
  private: { zh: '私聊', en: 'Private chat' },
  group: { zh: '群组', en: 'Group' },
  supergroup: { zh: '超级群组', en: 'Supergroup' },
  channel: { zh: '频道', en: 'Channel' },
};

/** Where a visit came from (来源分类), as the report pages name it (their tables and CSVs). */
export const REFERRER_CATEGORY_LABELS: LabelsOf<ReferrerCategory> = {
  direct: { zh: '直接访问', en: 'Direct' },
  search: { zh: '搜索引擎', en: 'Search engines' },
  ai: { zh: 'AI 助手', en: 'AI assistants' },
  social: { zh: '社交媒体', en: 'Social' },
  external: { zh: '外部链接', en: 'External links' },
};

/** 操作日志's actions as the back office names them (the list, the console's latest rows, the CSV). */
export const AUDIT_ACTION_LABELS: LabelsOf<AuditAction> = {
  'settings.update': { zh: '保存系统设置', en: 'Settings saved' },
  'settings.test_mail': { zh: '发送测试邮件', en: 'Test mail sent' },
  'articles.create': { zh: '新建文章', en: 'Article created' },
  'articles.update': { zh: '编辑文章', en: 'Article edited' },
  'articles.delete': { zh: '删除文章', en: 'Articles deleted' },
  'articles.status': { zh: '发布 / 撤回文章', en: 'Article published / unpublished' },
  'articles.pin': { zh: '置顶 / 取消置顶', en: 'Article pinned / unpinned' },
  'article_categories.save': { zh: '保存文章分类', en: 'Article category saved' },
  'article_categories.delete': { zh: '删除文章分类', en: 'Article categories deleted' },
  'files.upload': { zh: '上传素材', en: 'Files uploaded' },
  'files.delete': { zh: '删除素材', en: 'Files deleted' },
  'user.change_password': { zh: '修改密码', en: 'Password changed' },
  'user.reset_password': { zh: '重置密码', en: 'Password reset' },
  'users.create': { zh: '新建用户', en: 'User created' },
  'users.update': { zh: '编辑用户', en: 'User edited' },
  'users.ban': { zh: '封禁用户', en: 'User banned' },
  'users.unban': { zh: '解封用户', en: 'User unbanned' },
  'users.reset_password': { zh: '管理员重置用户密码', en: 'User password reset by an admin' },
  'users.revoke_session': { zh: '结束用户会话', en: 'User session ended' },
  'users.adjust_balance': { zh: '调整余额', en: 'Balance adjusted' },
  'api_key.create': { zh: '创建 API 密钥', en: 'API key created' },
  'api_key.revoke': { zh: '撤销 API 密钥', en: 'API key revoked' },
  'api_key.revoke_all': { zh: '新密码使全部 API 密钥失效', en: 'All API keys ended by a new password' },
  'api_key.use': { zh: '使用 API 密钥调用', en: 'Call made with an API key' },
  'queue.pause': { zh: '暂停队列', en: 'Queue paused' },
  'queue.resume': { zh: '恢复队列', en: 'Queue resumed' },
  'queue.retry': { zh: '重试任务', en: 'Jobs retried' },
  'queue.cancel': { zh: '取消任务', en: 'Jobs cancelled' },
  'queue.delete': { zh: '删除任务', en: 'Jobs deleted' },
  'short_links.create': { zh: '新建短链', en: 'Short link created' },
  'short_links.update': { zh: '编辑短链', en: 'Short link edited' },
  'short_links.status': { zh: '启用 / 停用短链', en: 'Short link turned on / off' },
  'short_links.delete': { zh: '删除短链', en: 'Short links deleted' },
  'bots.create': { zh: '添加机器人', en: 'Bot added' },
  'bots.enable': { zh: '启用机器人', en: 'Bot enabled' },
  'bots.disable': { zh: '停用机器人', en: 'Bot disabled' },
  'bots.delete': { zh: '删除机器人', en: 'Bot deleted' },
  'groups.bind': { zh: '群组绑定站点', en: 'Site bound to a group' },
  'groups.unbind': { zh: '群组解绑站点', en: 'Site unbound from a group' },
  'groups.update': { zh: '编辑群组', en: 'Group edited' },
  'groups.send': { zh: '向群组发送消息', en: 'Message sent to a group' },
  'groups.leave': { zh: '机器人退出群组', en: 'Bot left a group' },
  'usdt_address.create': { zh: '添加 USDT 地址', en: 'USDT address added' },
  'usdt_address.update': { zh: '编辑 USDT 地址', en: 'USDT address edited' },
  'recharge.cancel': { zh: '取消充值', en: 'Recharge cancelled' },
  'recharge.mark_paid': { zh: '充值标记为已支付', en: 'Recharge marked paid' },
  'usdt_transfer.assign': { zh: '指派 USDT 转账', en: 'USDT transfer assigned' },
  'usdt_transfer.vanished': {
    zh: 'USDT 转账未在链上确认，已标记',
    en: 'USDT transfer flagged: not confirmed on the chain',
  },
  'withdrawal.approve': { zh: '批准提现', en: 'Withdrawal approved' },
  'withdrawal.reject': { zh: '拒绝提现', en: 'Withdrawal rejected' },
  'withdrawal.mark_paid': { zh: '提现标记为已打款', en: 'Withdrawal marked paid' },
  'withdrawal.chain_verified': { zh: '提现打款已在链上确认', en: 'Withdrawal payment seen on chain' },
  'plans.create': { zh: '新建套餐', en: 'Plan created' },
  'plans.update': { zh: '编辑套餐', en: 'Plan edited' },
  'plans.switch': { zh: '上架 / 下架套餐', en: 'Plan put on / off sale' },
  'plans.delete': { zh: '删除套餐', en: 'Plan deleted' },
  'coupons.create': { zh: '新建优惠券', en: 'Coupon created' },
  'coupons.update': { zh: '编辑优惠券', en: 'Coupon edited' },
  'coupons.generate': { zh: '批量生成优惠券', en: 'Coupons generated' },
  'coupons.switch': { zh: '启用 / 停用优惠券', en: 'Coupon turned on / off' },
  'coupons.delete': { zh: '删除优惠券', en: 'Coupons deleted' },
  'orders.cancel': { zh: '取消订单', en: 'Order cancelled' },
  'orders.refund': { zh: '订单退款', en: 'Order refunded' },
  'tickets.close': { zh: '关闭工单', en: 'Ticket closed' },
};
