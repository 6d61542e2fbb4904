import { clickMenu, expect, gotoConsole, menuTitles, test } from '../support/fixtures';
import { suiteState } from '../support/state';

/**
 * Expected menus, written out from the seed rather than computed from the app's table: the
 * route table of section 2 filtered by the role table of section 6; non-admins see the
 * site-analytics menu of section 2 first (站点列表 is the dashboard, hidden from clients).
 */
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
];

const ADMIN = [
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
];

test('admin sees the full table', async ({ page, signIn }) => {
  await signIn('admin');
  await page.goto('/dashboard');
  expect(await menuTitles(page)).toEqual(ADMIN);
});

test('a user sees the analytics menu, bots and profile', async ({ page, signIn }) => {
  await signIn('alice');
  await page.goto('/dashboard');
  expect(await menuTitles(page)).toEqual([
    '站点列表',
    ...ANALYTICS,
    // Custom events of every tracker (issue 28): after the seed's analytics groups, not in the seed.
    '事件统计',
    '机器人列表',
    '我的账号 > 个人中心',
    '我的账号 > 我的钱包',
    '我的账号 > 套餐购买',
    '我的账号 > 我的订单',
    '我的账号 > 邀请返利',
    '我的账号 > 工单支持',
  ]);
});

test('an article editor without sites sees the site list, articles and profile', async ({ page, signIn }) => {
  await signIn('editor');
  await page.goto('/dashboard');
  // The site reports need a site, and /sites/notice is not an editor's page (seed section 6): with
  // them in the menu, every one would end at /404. An editor with sites gets them (menu.test.ts).
  expect(await menuTitles(page)).toEqual([
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

test('a client sees only the site overview in the menu, and only a log-out button', async ({ page }) => {
  await page.goto(`/share?token=${suiteState().shareToken}`);
  await expect(page).toHaveURL(/\/site\/overview$/);
  expect(await menuTitles(page)).toEqual(['站点概况']);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('logout')).toHaveText('退出登录');
});

test('menu entries navigate', async ({ page, signIn }) => {
  await signIn('admin');
  await gotoConsole(page);
  await clickMenu(page, '财务管理');
  await clickMenu(page, '充值记录');
  await expect(page).toHaveURL(/\/finance\/recharge$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('财务管理');
  await expect(page.getByTestId('breadcrumb')).toContainText('充值记录');
  await expect(page.locator('.kept-page:visible').getByRole('heading', { name: '充值记录' })).toBeVisible();
});
