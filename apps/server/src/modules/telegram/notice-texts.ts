import type { MessageLanguage } from '@tally/contracts';

/**
 * What a linked user is told (the job's data, so plain JSON: amounts are USDT decimal strings). The
 * quota kinds are told by billing's plan-notices job beside its quota mails.
 */
export type Notice =
  | { kind: 'login'; ip: string; at: string }
  | { kind: 'recharge'; amount: string; balance: string }
  | {
      kind: 'withdrawal';
      id: number;
      status: 'approved' | 'rejected' | 'paid';
      amount: string;
      reason?: string | null;
      txId?: string | null;
    }
  | { kind: 'order_paid'; no: string; planZh: string; planEn: string; total: string }
  | ({ kind: 'quota_80' } & QuotaFigures)
  | ({ kind: 'quota_100' } & QuotaFigures);

/** An account's page views this month (all its sites) against its plan's monthly quota. */
export interface QuotaFigures {
  /** `2026-11`: the UTC calendar month counted. */
  month: string;
  used: number;
  limit: number;
}

export type NoticeKind = Notice['kind'];

type Of<K extends NoticeKind> = Extract<Notice, { kind: K }>;
type Texts = { [K in NoticeKind]: (n: Of<K>) => string };

/** `2026-11-24 09:05 UTC`: a sign-in's time as the notice shows it. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const T: Record<MessageLanguage, Texts> = {
  zh: {
    login: (n) =>
      `🔐 你的 Tally 账号从新的 IP 地址登录：${n.ip}（${utcMinute(n.at)}）。如非本人操作，请立即修改密码。`,
    recharge: (n) => `💰 充值已到账：+${n.amount} USDT，当前余额 ${n.balance} USDT。`,
    withdrawal: (n) =>
      n.status === 'approved'
        ? `🏦 提现 #${n.id}（${n.amount} USDT）已批准，等待打款。`
        : n.status === 'rejected'
          ? `🏦 提现 #${n.id}（${n.amount} USDT）已拒绝，原因：${n.reason ?? ''}。金额与手续费已退回余额。`
          : `🏦 提现 #${n.id}（${n.amount} USDT）已打款。${n.txId ? `交易哈希：${n.txId}` : ''}`.trim(),
    order_paid: (n) => `🧾 订单 ${n.no} 已支付：${n.planZh}，${n.total} USDT。`,
    quota_80: (n) => `⚠️ ${n.month} 月的页面浏览量已达套餐配额的 80%（${n.used} / ${n.limit}）。`,
    quota_100: (n) =>
      `⛔ ${n.month} 月的页面浏览量已用完套餐配额（${n.used} / ${n.limit}）。访问仍会照常统计，请升级套餐。`,
  },
  en: {
    login: (n) =>
      `🔐 Your Tally account signed in from a new IP address: ${n.ip} (${utcMinute(n.at)}). If this was not you, change your password now.`,
    recharge: (n) => `💰 Recharge credited: +${n.amount} USDT; your balance is now ${n.balance} USDT.`,
    withdrawal: (n) =>
      n.status === 'approved'
        ? `🏦 Withdrawal #${n.id} (${n.amount} USDT) was approved and awaits payment.`
        : n.status === 'rejected'
          ? `🏦 Withdrawal #${n.id} (${n.amount} USDT) was rejected: ${n.reason ?? ''}. The amount and fee are back in your balance.`
          : `🏦 Withdrawal #${n.id} (${n.amount} USDT) was paid.${n.txId ? ` Transaction: ${n.txId}` : ''}`,
    order_paid: (n) => `🧾 Order ${n.no} paid: ${n.planEn}, ${n.total} USDT.`,
    quota_80: (n) =>
      `⚠️ Your sites have used 80% of the plan's page views for ${n.month} (${n.used} of ${n.limit}).`,
    quota_100: (n) =>
      `⛔ Your sites have used all of the plan's page views for ${n.month} (${n.used} of ${n.limit}). Visits are still counted; upgrade the plan.`,
  },
};

export function noticeText(lang: MessageLanguage, notice: Notice): string {
  return (T[lang][notice.kind] as (n: Notice) => string)(notice);
}
