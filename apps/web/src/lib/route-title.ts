import { useCallback } from 'react';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';
import type { Language } from './language';

/**
 * English for the route table's titles. The table keeps the seed's Chinese labels (they are a
 * contract: menus, tests and the Chinese interface read them as written); the English interface
 * shows these instead, in the sidebar, tags, breadcrumb, placeholder pages and the document title.
 * `route-title.test.ts` fails when a route of the table has no entry here.
 */
export const ROUTE_TITLES_EN: Readonly<Record<string, string>> = {
  控制台: 'Console',
  站点列表: 'Sites',
  系统管理: 'System',
  系统设置: 'Settings',
  素材管理: 'Files',
  文章管理: 'Articles',
  文章添加: 'New article',
  文章编辑: 'Edit article',
  操作日志: 'Audit log',
  邮件记录: 'Mail log',
  短链管理: 'Short links',
  Playground: 'Playground',
  机器人列表: 'Bots',
  用户管理: 'Users',
  群组管理: 'Groups',
  财务管理: 'Finance',
  USDT管理: 'USDT addresses',
  USDT转账记录: 'USDT transfers',
  充值记录: 'Recharges',
  提现记录: 'Withdrawals',
  交易订单: 'Orders',
  工单管理: 'Tickets',
  队列监控: 'Queue monitor',
  我的账号: 'My account',
  个人中心: 'Profile',
  我的钱包: 'My wallet',
  套餐购买: 'Plans',
  我的订单: 'My orders',
  邀请返利: 'Invite & earn',
  工单支持: 'Support',
  站点分组: 'Site groups',
  添加站点: 'Add a site',
  选择站点: 'Choose a site',
  导入历史: 'Import history',
  数据总览: 'All sites',
  站点概况: 'Site overview',
  访问明细: 'Visit log',
  趋势分析: 'Trend',
  访客分析: 'Visitors',
  地域分布: 'Areas',
  访客IP: 'Visitor IPs',
  来源分析: 'Sources',
  来源分类: 'Source types',
  来路网站: 'Referring sites',
  搜索引擎: 'Search engines',
  搜索词: 'Search keywords',
  受访分析: 'Content',
  受访页面: 'Visited pages',
  入口页面: 'Entry pages',
  受访域名: 'Visited domains',
  事件统计: 'Events',
};

/** The seed's default web title (网站标题): shown in English as below while nobody changed it. */
const DEFAULT_WEBTITLE = '系统后台';

/** A route title in `language`: the seed's label in Chinese, its English name in English. */
export function routeTitle(title: string, language: Language): string {
  return language === 'en' ? (ROUTE_TITLES_EN[title] ?? title) : title;
}

/** The web title: an admin's own stays as written; the seed's default reads "Back office" in English. */
export function webTitle(title: string, language: Language): string {
  return language === 'en' && title === DEFAULT_WEBTITLE ? 'Back office' : title;
}

/** `routeTitle` bound to the interface language. */
export function useRouteTitle(): (title: string) => string {
  const language = useAppStore((s) => s.language);
  return useCallback((title: string) => routeTitle(title, language), [language]);
}

/** The configured web title in the interface language (see `webTitle`). */
export function useWebTitle(): string {
  const language = useAppStore((s) => s.language);
  const title = useUserStore((s) => s.set.webtitle);
  return webTitle(title, language);
}
