/**
 * Every page of the admin's menu besides 控制台 (the seed's route table, as e2e/specs/menus.spec.ts
 * checks it), in menu order: walked by the language spec and measured by `bench/web-bundle.mjs --all`.
 * Plain JavaScript so the bench (Node, no TypeScript) and the specs share it.
 */
export const ADMIN_MENU_PAGES = [
  '/admin/setting',
  '/admin/files',
  '/admin/contentList',
  '/admin/contentcreate',
  '/admin/auditLog',
  '/admin/mailLog',
  '/admin/shortUrl',
  '/bots/botsList',
  '/users/users',
  '/groups/groups',
  '/finance/usdtList',
  '/finance/usdtTransfer',
  '/finance/recharge',
  '/finance/withdrawal',
  '/orders/orders',
  '/tickets/tickets',
  '/queue/queue',
  '/user/profile',
  '/user/wallet',
  '/user/plans',
  '/user/orders',
  '/user/invites',
  '/user/tickets',
];
