import { ACCESS } from '@tally/contracts';
import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from './guard';
import { findLayoutRoute, findPublicRoute } from './route-lookup';

/** Guard input for `pathname` as the app builds it, from the real route table. */
function input(pathname: string, over: Partial<GuardInput> = {}): GuardInput {
  const pub = findPublicRoute(pathname);
  const layout = pub ? null : findLayoutRoute(pathname);
  return {
    pathname,
    token: 'tok',
    roles: ['user'],
    isClient: false,
    siteCount: 1,
    siteSelected: true,
    isPublic: pub !== null,
    routeRoles: layout ? layout.chain.map((r) => r.meta?.roles) : null,
    ...over,
  };
}
const signedOut = { token: '', roles: [] };

describe('navigation guard', () => {
  it('sends the root to /home when signed out', () => {
    expect(decideNavigation(input('/', signedOut))).toEqual({ action: 'redirect', to: '/home' });
    expect(decideNavigation(input('', signedOut))).toEqual({ action: 'redirect', to: '/home' });
  });
  it('lets every public route through without a token', () => {
    for (const path of [
      '/login',
      '/share',
      '/getPasswd',
      '/auth-redirect',
      '/404',
      '/home',
      '/preview',
      '/articles',
      '/article/1',
      `/article/${'9'.repeat(62)}`,
      '/article/a/b',
      '/register',
      '/service',
      '/price',
      '/discount',
      '/redirect/dashboard',
    ]) {
      expect(decideNavigation(input(path, signedOut)), path).toEqual({ action: 'allow' });
    }
  });
  it('sends non-public paths without a token to /login, remembering where to go', () => {
    expect(decideNavigation(input('/dashboard', signedOut))).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fdashboard',
    });
    expect(decideNavigation(input('/no/such/page', signedOut))).toMatchObject({
      to: expect.stringMatching(/^\/login/),
    });
  });
  it('fetches user info on the first protected navigation', () => {
    expect(decideNavigation(input('/dashboard', { roles: [] }))).toEqual({ action: 'load-info' });
    expect(decideNavigation(input('/', { roles: [] }))).toEqual({ action: 'load-info' });
  });
  it('sends signed-in users away from /login and /register: clients to the site overview', () => {
    for (const path of ['/login', '/register']) {
      expect(decideNavigation(input(path))).toEqual({ action: 'redirect', to: '/dashboard' });
      expect(decideNavigation(input(path, { roles: ['client'], isClient: true }))).toEqual({
        action: 'redirect',
        to: '/site/overview',
      });
      expect(decideNavigation(input(path, { roles: [] }))).toEqual({ action: 'load-info' });
    }
  });
  it('continues to a same-site ?redirect= after login, never off-site or for clients', () => {
    expect(decideNavigation(input('/login', { redirect: '/user/profile' }))).toMatchObject({
      to: '/user/profile',
    });
    expect(decideNavigation(input('/login', { redirect: '//evil.example' }))).toMatchObject({
      to: '/dashboard',
    });
    expect(decideNavigation(input('/login', { redirect: 'https://evil.example' }))).toMatchObject({
      to: '/dashboard',
    });
    expect(
      decideNavigation(input('/login', { redirect: '/user/profile', roles: ['client'], isClient: true })),
    ).toMatchObject({ to: '/site/overview' });
  });
  it('sends the signed-in root home', () => {
    expect(decideNavigation(input('/'))).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(decideNavigation(input('/', { roles: ['client'], isClient: true }))).toMatchObject({
      to: '/site/overview',
    });
  });
  it('sends a page whose share-link session was refused to the page saying the link ended', () => {
    const ended = input('/site/overview', { token: '', roles: [], shareEnded: true });
    expect(decideNavigation(ended)).toEqual({ action: 'redirect', to: '/share?ended=1' });
    expect(decideNavigation({ ...ended, pathname: '/share', isPublic: true })).toEqual({ action: 'allow' });
    expect(decideNavigation({ ...ended, shareEnded: false })).toMatchObject({
      to: '/login?redirect=%2Fsite%2Foverview',
    });
  });
  it('sends /site/ paths to /sites/notice without sites', () => {
    expect(decideNavigation(input('/site/overview', { siteCount: 0, siteSelected: false }))).toEqual({
      action: 'redirect',
      to: '/sites/notice',
    });
    expect(decideNavigation(input('/site/all', { siteCount: 0, siteSelected: false }))).toMatchObject({
      to: '/sites/notice',
    });
  });
  it('sends /site/ paths to /sites/select without a selected site, except /site/all', () => {
    // The page asked for rides along, so choosing a site goes on there.
    expect(decideNavigation(input('/site/visitor', { siteSelected: false }))).toEqual({
      action: 'redirect',
      to: '/sites/select?redirect=%2Fsite%2Fvisitor',
    });
    expect(decideNavigation(input('/site/all', { siteSelected: false }))).toEqual({ action: 'allow' });
    expect(decideNavigation(input('/site/visitor'))).toEqual({ action: 'allow' });
  });
  it('does not apply the site rules to /sites/ pages', () => {
    expect(decideNavigation(input('/sites/select', { siteCount: 0, siteSelected: false }))).toEqual({
      action: 'allow',
    });
  });
  it('sends unknown paths and routes outside the role table to /404', () => {
    expect(decideNavigation(input('/no/such/page'))).toEqual({ action: 'redirect', to: '/404' });
    expect(decideNavigation(input('/users/users'))).toEqual({ action: 'redirect', to: '/404' });
    expect(decideNavigation(input('/admin/setting', { roles: ['article_editor'] }))).toMatchObject({
      to: '/404',
    });
    expect(decideNavigation(input('/admin/contentList', { roles: ['article_editor'] }))).toEqual({
      action: 'allow',
    });
    expect(decideNavigation(input('/dashboard', { roles: ['client'], isClient: true }))).toMatchObject({
      to: '/404',
    });
  });
  it('lets admin through every route', () => {
    for (const path of [
      '/users/users',
      '/admin/setting',
      '/finance/recharge',
      '/queue/queue',
      '/bots/botsList',
    ]) {
      expect(decideNavigation(input(path, { roles: ['admin'] })), path).toEqual({ action: 'allow' });
    }
  });
  it('checks the roles of a route against ACCESS for every role', () => {
    const cases: [string, readonly string[]][] = [
      ['/dashboard', ACCESS.dashboard],
      ['/user/profile', ACCESS.profile],
      ['/user/wallet', ACCESS.account],
      ['/user/plans', ACCESS.account],
      ['/user/orders', ACCESS.account],
      ['/user/invites', ACCESS.account],
      ['/sites/notice', ACCESS.sitesNotice],
      ['/sites/group', ACCESS.sitesGroup],
      ['/bots/botsList', ACCESS.bots],
      ['/orders/orders', ACCESS.orders],
    ];
    for (const [path, allowed] of cases) {
      for (const role of ['user', 'article_editor', 'client']) {
        const expected = allowed.includes(role) ? { action: 'allow' } : { action: 'redirect', to: '/404' };
        expect(
          decideNavigation(input(path, { roles: [role], isClient: role === 'client' })),
          `${role} ${path}`,
        ).toEqual(expected);
      }
    }
  });
});
