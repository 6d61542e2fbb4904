import { describe, expect, it } from 'vitest';
import { buildMenu, flattenMenu, type MenuEntry } from './menu';

/** "group > leaf" titles in menu order: what the sidebar shows. */
function titles(entries: MenuEntry[], prefix = ''): string[] {
  return entries.flatMap((e) => (e.children ? titles(e.children, `${e.title} > `) : [`${prefix}${e.title}`]));
}

/** The analytics menu of seed section 2; the group names are ours. */
const ANALYTICS = [
  '数据总览',
  '站点概况',
  '访问明细',
  '趋势分析',
  '访客分析 > 地域分布',
  '访客分析 > 访客IP',
  '来源分析 > 来源分类',
  '来源分析 > 来路网站',
  '来源分析 > 搜索引擎',
  '来源分析 > 搜索词',
  '受访分析 > 受访页面',
  '受访分析 > 入口页面',
  '受访分析 > 受访域名',
  // Not in the seed (issue 28): custom events and their properties.
  '事件统计',
];

describe('menu by role (seed sections 2 and 6)', () => {
  it('gives admin the full seed table, hidden routes left out', () => {
    expect(titles(buildMenu(['admin'], false))).toEqual([
      '控制台',
      '系统管理 > 系统设置',
      '系统管理 > 素材管理',
      '系统管理 > 文章管理',
      '系统管理 > 操作日志',
      '系统管理 > 邮件记录',
      '系统管理 > 短链管理',
      '机器人列表',
      '用户管理',
      '群组管理',
      '财务管理 > USDT管理',
      '财务管理 > USDT转账记录',
      '财务管理 > 充值记录',
      '财务管理 > 提现记录',
      '交易订单',
      '工单管理',
      '队列监控',
      '我的账号 > 个人中心',
      '我的账号 > 我的钱包',
      '我的账号 > 套餐购买',
      '我的账号 > 我的订单',
      '我的账号 > 邀请返利',
      '我的账号 > 工单支持',
    ]);
  });
  it('gives admin everything even with other roles beside', () => {
    expect(buildMenu(['user', 'admin'], false)).toEqual(buildMenu(['admin'], false));
  });
  it('gives a user the analytics menu, bots and profile', () => {
    expect(titles(buildMenu(['user'], false))).toEqual([
      '站点列表',
      ...ANALYTICS,
      '机器人列表',
      '我的账号 > 个人中心',
      '我的账号 > 我的钱包',
      '我的账号 > 套餐购买',
      '我的账号 > 我的订单',
      '我的账号 > 邀请返利',
      '我的账号 > 工单支持',
    ]);
  });
  it('gives an article editor the analytics menu, articles and profile', () => {
    expect(titles(buildMenu(['article_editor'], false))).toEqual([
      '站点列表',
      ...ANALYTICS,
      '系统管理 > 文章管理',
      '我的账号 > 个人中心',
      '我的账号 > 我的钱包',
      '我的账号 > 套餐购买',
      '我的账号 > 我的订单',
      '我的账号 > 邀请返利',
      '我的账号 > 工单支持',
    ]);
  });
  it('merges the entries of several roles', () => {
    expect(titles(buildMenu(['user', 'article_editor'], false))).toEqual([
      '站点列表',
      ...ANALYTICS,
      '系统管理 > 文章管理',
      '机器人列表',
      '我的账号 > 个人中心',
      '我的账号 > 我的钱包',
      '我的账号 > 套餐购买',
      '我的账号 > 我的订单',
      '我的账号 > 邀请返利',
      '我的账号 > 工单支持',
    ]);
  });
  it('gives a client the site overview only (seed: a site overview and logging out)', () => {
    expect(titles(buildMenu(['client'], true))).toEqual(['站点概况']);
    expect(flattenMenu(buildMenu(['client'], true))).toMatchObject([{ path: '/site/overview' }]);
  });
  it('points 站点列表 at the dashboard', () => {
    expect(flattenMenu(buildMenu(['user'], false))[0]).toMatchObject({
      path: '/dashboard',
      title: '站点列表',
    });
  });
  it('offers an article editor without sites no site report: /sites/notice is not an editor page', () => {
    expect(titles(buildMenu(['article_editor'], false, false))).toEqual([
      '站点列表',
      '系统管理 > 文章管理',
      '我的账号 > 个人中心',
      '我的账号 > 我的钱包',
      '我的账号 > 套餐购买',
      '我的账号 > 我的订单',
      '我的账号 > 邀请返利',
      '我的账号 > 工单支持',
    ]);
  });
  it('keeps the site reports of a user without sites: they lead to /sites/notice', () => {
    expect(titles(buildMenu(['user'], false, false))).toEqual(titles(buildMenu(['user'], false, true)));
    expect(titles(buildMenu(['user', 'article_editor'], false, false))).toContain('站点概况');
  });
  it('gives nobody anything without roles', () => {
    expect(buildMenu([], false)).toEqual([]);
  });
});
