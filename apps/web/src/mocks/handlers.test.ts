import { describe, expect, it } from 'vitest';
import { createRequestClient } from '../lib/request-client';
import type { RequestError } from '../lib/request-error';
import { fakeRequestEffects } from '../test/fake-request-effects';
import { startMockServer } from '../test/mock-server';
import {
  MOCK_CLIENT_OPTIONS,
  MOCK_CODE,
  MOCK_ITEM_COUNT,
  MOCK_LIMIT_DEFAULT,
  MOCK_MESSAGE,
} from './contract';
import { createMockData, type MockArticle } from './data';
import type { MockRoleEntry, MockUser } from './permissions';

startMockServer();

/** The web's own request client (src/lib), pointed at the mocks' base and success code. */
function mockClient(token = '') {
  const { fx } = fakeRequestEffects(token);
  return { fx, client: createRequestClient(fx, MOCK_CLIENT_OPTIONS) };
}

const upper = <M extends string>(method: M) => method.toUpperCase() as Uppercase<M>;

async function call<T>(method: 'get' | 'post' | 'put' | 'delete', url: string, params?: object, token = '') {
  const { client, fx } = mockClient(token);
  const response =
    method === 'post'
      ? await client.post(url, params)
      : await client.request({
          method: upper(method),
          url,
          params: method === 'get' ? params : undefined,
        });
  expect(response.data.code).toBe(MOCK_CODE.OK);
  expect(fx.notifyError).not.toHaveBeenCalled();
  return response.data.data as T;
}

async function failure(method: 'get' | 'post', url: string, params?: object, token = '') {
  const { client, fx } = mockClient(token);
  const error = (await client
    .request({ method: upper(method), url, ...(method === 'get' ? { params } : { data: params }) })
    .then(
      () => null,
      (e: unknown) => e,
    )) as RequestError | null;
  return { error, fx };
}

type Page = { total: number; items: MockArticle[] };
const ids = (page: Page) => page.items.map((item) => item.id);

describe('user mocks (codes 20000, 60204, 50008)', () => {
  it('logs a known account in with 20000 and its token', async () => {
    expect(await call('post', '/user/login', { username: 'admin', password: 'any' })).toBe('admin-token');
    expect(await call('post', '/user/login', { username: 'editor', password: 'any' })).toBe('editor-token');
  });

  it('refuses an unknown account with 60204 and the seed message, shown to the user', async () => {
    const { error, fx } = await failure('post', '/user/login', { username: 'nobody', password: 'x' });
    expect(error?.code).toBe(MOCK_CODE.BAD_LOGIN);
    expect(error?.message).toBe('Account and password are incorrect.');
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(60204)', MOCK_MESSAGE.BAD_LOGIN);
  });

  it('answers user info for the token the client sends, or for ?token=', async () => {
    const byHeader = await call<MockUser>('get', '/user/info', undefined, 'editor-token');
    expect(byHeader.roles).toEqual(['editor']);
    const byQuery = await call<MockUser>('get', '/user/info', { token: 'admin-token' });
    expect(byQuery).toMatchObject({ roles: ['admin'], name: 'Super Admin' });
  });

  it('answers 50008 and the seed message for a token no user holds', async () => {
    const { error, fx } = await failure('get', '/user/info', undefined, 'stale-token');
    expect(error?.code).toBe(MOCK_CODE.NO_USER_INFO);
    expect(error?.message).toBe('Login failed, unable to get user details.');
    expect(fx.notifyError).toHaveBeenCalledWith('请求失败(50008)', MOCK_MESSAGE.NO_USER_INFO);
    expect((await failure('get', '/user/info')).error?.code).toBe(MOCK_CODE.NO_USER_INFO);
  });

  it('logs out with 20000', async () => {
    expect(await call('post', '/user/logout')).toBe('success');
  });
});

describe('article mocks', () => {
  it('holds 100 items, ids 1 to 100', async () => {
    const all = await call<Page>('get', '/article/list', { limit: 1000 });
    expect(all.total).toBe(100);
    expect(MOCK_ITEM_COUNT).toBe(100);
    expect(ids(all)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('defaults to page 1 of 20', async () => {
    const first = await call<Page>('get', '/article/list');
    expect(MOCK_LIMIT_DEFAULT).toBe(20);
    expect(first.total).toBe(100);
    expect(ids(first)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Only the limit given: still page 1. Only the page given: still 20 a page.
    expect(ids(await call<Page>('get', '/article/list', { limit: 5 }))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(await call<Page>('get', '/article/list', { page: 5 }))[0]).toBe(81);
  });

  it('pages with page and limit, past the end an empty page', async () => {
    expect(ids(await call<Page>('get', '/article/list', { page: 2, limit: 10 }))).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const past = await call<Page>('get', '/article/list', { page: 6 });
    expect(past).toEqual({ total: 100, items: [] });
  });

  it('sorts by id, ascending by default and with +id, descending with -id', async () => {
    const descending = await call<Page>('get', '/article/list', { sort: '-id' });
    expect(ids(descending)).toEqual(Array.from({ length: 20 }, (_, i) => 100 - i));
    const last = await call<Page>('get', '/article/list', { sort: '-id', page: 5 });
    expect(ids(last).at(-1)).toBe(1);
    expect(ids(await call<Page>('get', '/article/list', { sort: '+id' }))[0]).toBe(1);
  });

  it('filters by importance, type and title, the total counting the matches', async () => {
    const { articles } = createMockData();
    const expected = articles.filter((a) => a.importance === 2 && a.type === 'JP').map((a) => a.id);
    expect(expected.length).toBeGreaterThan(0);
    const page = await call<Page>('get', '/article/list', { importance: 2, type: 'JP', limit: 100 });
    expect(page.total).toBe(expected.length);
    expect(ids(page)).toEqual(expected);

    const word = articles[0].title.split(' ')[1];
    const titled = await call<Page>('get', '/article/list', { title: word, limit: 100 });
    expect(titled.total).toBe(articles.filter((a) => a.title.includes(word)).length);
    expect(titled.items.every((a) => a.title.includes(word))).toBe(true);
  });

  it('answers one article by id, and 404 for an unknown one', async () => {
    const article = await call<MockArticle>('get', '/article/detail', { id: 42 });
    expect(article.id).toBe(42);
    expect(article).toEqual(createMockData().articles[41]);
    const { error } = await failure('get', '/article/detail', { id: 101 });
    expect(error?.status).toBe(404);
  });

  it('answers page views, create and update with 20000', async () => {
    const pv = await call<{ pvData: { key: string; pv: number }[] }>('get', '/article/pv');
    expect(pv.pvData.map((row) => row.key)).toEqual(['PC', 'mobile', 'ios', 'android']);
    expect(await call('post', '/article/create', { title: 'x' })).toBe('success');
    expect(await call('post', '/article/update', { id: 1, title: 'y' })).toBe('success');
  });

  it('generates the same data on every start (fixed seed)', () => {
    expect(createMockData()).toEqual(createMockData());
    expect(createMockData(1).articles).not.toEqual(createMockData().articles);
  });
});

describe('search and transaction mocks', () => {
  it('searches the 100 mock names case-insensitively', async () => {
    const all = await call<{ items: { name: string }[] }>('get', '/search/user');
    expect(all.items).toHaveLength(100);
    const some = await call<{ items: { name: string }[] }>('get', '/search/user', { name: 'AMY' });
    expect(some.items.length).toBeGreaterThan(0);
    expect(some.items.every((item) => item.name.toLowerCase().includes('amy'))).toBe(true);
  });

  it('lists 20 transactions', async () => {
    const list = await call<{ total: number; items: { status: string }[] }>('get', '/transaction/list');
    expect(list.total).toBe(20);
    expect(list.items).toHaveLength(20);
    expect(list.items.every((item) => ['success', 'pending'].includes(item.status))).toBe(true);
  });
});

describe('role and route mocks (admin, editor, visitor)', () => {
  it('gives admin every route, editor all but the permission pages, visitor the dashboard', async () => {
    const routes = await call<{ path: string }[]>('get', '/routes');
    const roles = await call<MockRoleEntry[]>('get', '/roles');
    expect(roles.map((role) => role.key)).toEqual(['admin', 'editor', 'visitor']);
    const [admin, editor, visitor] = roles;
    expect(admin.routes).toEqual(routes);
    expect(editor.routes.map((r) => r.path)).toEqual(
      routes.map((r) => r.path).filter((path) => path !== '/permission'),
    );
    expect(visitor.routes).toHaveLength(1);
    expect(visitor.routes[0].children?.map((r) => r.name)).toEqual(['Dashboard']);
  });

  it('adds, updates and deletes a role with 20000', async () => {
    expect(await call<{ key: number }>('post', '/role', { name: 'x' })).toHaveProperty('key');
    expect(await call('put', '/role/editor')).toEqual({ status: 'success' });
    expect(await call('delete', '/role/editor')).toEqual({ status: 'success' });
  });
});
