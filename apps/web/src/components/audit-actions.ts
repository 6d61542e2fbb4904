import type { AuditAction, AuditRow } from '@tally/contracts';
import { useTranslation } from 'react-i18next';
import { addMessages } from '../lib/messages';

/**
 * Names of the actions the server records, shared by 操作日志 and the admin console's latest rows: one
 * for each action an area declares (AUDIT_ACTIONS), in both languages, or the typecheck fails.
 */
const enActions: Record<AuditAction, string> = {
  'settings.update': 'Settings saved',
  'settings.test_mail': 'Test mail sent',
  'articles.create': 'Article created',
  'articles.update': 'Article edited',
  'articles.delete': 'Articles deleted',
  'articles.status': 'Article published / unpublished',
  'articles.pin': 'Article pinned / unpinned',
  'article_categories.save': 'Article category saved',
  'article_categories.delete': 'Article categories deleted',
  'files.upload': 'Files uploaded',
  'files.delete': 'Files deleted',
  'user.change_password': 'Password changed',
  'user.reset_password': 'Password reset',
  'users.create': 'User created',
  'users.update': 'User edited',
  'users.ban': 'User banned',
  'users.unban': 'User unbanned',
  'users.reset_password': 'User password reset by an admin',
  'users.revoke_session': 'User session ended',
  'users.adjust_balance': 'Balance adjusted',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'api_key.revoke_all': 'All API keys ended by a new password',
  'api_key.use': 'Call made with an API key',
  'queue.pause': 'Queue paused',
  'queue.resume': 'Queue resumed',
  'queue.retry': 'Jobs retried',
  'queue.cancel': 'Jobs cancelled',
  'queue.delete': 'Jobs deleted',
  'short_links.create': 'Short link created',
  'short_links.update': 'Short link edited',
  'short_links.status': 'Short link turned on / off',
  'short_links.delete': 'Short links deleted',
  'bots.create': 'Bot added',
  'bots.enable': 'Bot enabled',
  'bots.disable': 'Bot disabled',
  'bots.delete': 'Bot deleted',
  'groups.bind': 'Site bound to a group',
  'groups.unbind': 'Site unbound from a group',
  'groups.update': 'Group edited',
  'groups.send': 'Message sent to a group',
  'groups.leave': 'Bot left a group',
  'usdt_address.create': 'USDT address added',
  'usdt_address.update': 'USDT address edited',
  'recharge.cancel': 'Recharge cancelled',
  'recharge.mark_paid': 'Recharge marked paid',
  'usdt_transfer.assign': 'USDT transfer assigned',
  'usdt_transfer.vanished': 'USDT transfer flagged: not confirmed on the chain',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'withdrawal.mark_paid': 'Withdrawal marked paid',
  'withdrawal.chain_verified': 'Withdrawal payment seen on chain',
  'plans.create': 'Plan created',
  'plans.update': 'Plan edited',
  'plans.switch': 'Plan put on / off sale',
  'plans.delete': 'Plan deleted',
  'coupons.create': 'Coupon created',
  'coupons.update': 'Coupon edited',
  'coupons.generate': 'Coupons generated',
  'coupons.switch': 'Coupon turned on / off',
  'coupons.delete': 'Coupons deleted',
  'orders.cancel': 'Order cancelled',
  'orders.refund': 'Order refunded',
  'tickets.close': 'Ticket closed',
};

const zhActions: Record<AuditAction, string> = {
  'settings.update': '保存系统设置',
  'settings.test_mail': '发送测试邮件',
  'articles.create': '新建文章',
  'articles.update': '编辑文章',
  'articles.delete': '删除文章',
  'articles.status': '发布 / 撤回文章',
  'articles.pin': '置顶 / 取消置顶',
  'article_categories.save': '保存文章分类',
  'article_categories.delete': '删除文章分类',
  'files.upload': '上传素材',
  'files.delete': '删除素材',
  'user.change_password': '修改密码',
  'user.reset_password': '重置密码',
  'users.create': '新建用户',
  'users.update': '编辑用户',
  'users.ban': '封禁用户',
  'users.unban': '解封用户',
  'users.reset_password': '管理员重置用户密码',
  'users.revoke_session': '结束用户会话',
  'users.adjust_balance': '调整余额',
  'api_key.create': '创建 API 密钥',
  'api_key.revoke': '撤销 API 密钥',
  'api_key.revoke_all': '新密码使全部 API 密钥失效',
  'api_key.use': '使用 API 密钥调用',
  'queue.pause': '暂停队列',
  'queue.resume': '恢复队列',
  'queue.retry': '重试任务',
  'queue.cancel': '取消任务',
  'queue.delete': '删除任务',
  'short_links.create': '新建短链',
  'short_links.update': '编辑短链',
  'short_links.status': '启用 / 停用短链',
  'short_links.delete': '删除短链',
  'bots.create': '添加机器人',
  'bots.enable': '启用机器人',
  'bots.disable': '停用机器人',
  'bots.delete': '删除机器人',
  'groups.bind': '群组绑定站点',
  'groups.unbind': '群组解绑站点',
  'groups.update': '编辑群组',
  'groups.send': '向群组发送消息',
  'groups.leave': '机器人退出群组',
  'usdt_address.create': '添加 USDT 地址',
  'usdt_address.update': '编辑 USDT 地址',
  'recharge.cancel': '取消充值',
  'recharge.mark_paid': '充值标记为已支付',
  'usdt_transfer.assign': '指派 USDT 转账',
  'usdt_transfer.vanished': 'USDT 转账未在链上确认，已标记',
  'withdrawal.approve': '批准提现',
  'withdrawal.reject': '拒绝提现',
  'withdrawal.mark_paid': '提现标记为已打款',
  'withdrawal.chain_verified': '提现打款已在链上确认',
  'plans.create': '新建套餐',
  'plans.update': '编辑套餐',
  'plans.switch': '上架 / 下架套餐',
  'plans.delete': '删除套餐',
  'coupons.create': '新建优惠券',
  'coupons.update': '编辑优惠券',
  'coupons.generate': '批量生成优惠券',
  'coupons.switch': '启用 / 停用优惠券',
  'coupons.delete': '删除优惠券',
  'orders.cancel': '取消订单',
  'orders.refund': '订单退款',
  'tickets.close': '关闭工单',
};

addMessages({
  en: { auditActor: { system: 'System' }, auditActions: enActions },
  zh: { auditActor: { system: '系统' }, auditActions: zhActions },
});

/**
 * Every action an area declares (the Record above has each, or the typecheck fails), in the order the
 * 操作日志 filter offers them: the names above, the most used first (the list is long and virtual).
 */
export const KNOWN_AUDIT_ACTIONS = Object.keys(enActions) as AuditAction[];

/** An action's name in the interface language, or the action itself (a row older than its name). */
export function useAuditActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  return (action) => (i18n.exists(`auditActions.${action}`) ? t(`auditActions.${action}`) : action);
}

/** Who acted: the username, the id of a deleted account, or the system. */
export function useAuditActorName(): (row: Pick<AuditRow, 'actor_name' | 'actor_id'>) => string {
  const { t } = useTranslation();
  return (row) => row.actor_name || (row.actor_id ? `#${row.actor_id}` : t('auditActor.system'));
}
