import { HEADER_TOKEN } from '@tally/contracts';
import { HttpResponse, http } from 'msw';
import { MOCK_BASE, MOCK_CODE, MOCK_LIMIT_DEFAULT, MOCK_MESSAGE, MOCK_PAGE_DEFAULT } from './contract';
import { createMockData, type MockArticle } from './data';
import { MOCK_ROLES, MOCK_ROUTES, MOCK_TOKENS, MOCK_USERS } from './permissions';

const at = (path: string) => `${MOCK_BASE}/${path}`;

/** The template's envelope: `code` 20000 and `data`, or an error code and its `message`. */
const ok = (data: unknown) => HttpResponse.json({ code: MOCK_CODE.OK, message: 'success', data });
const fail = (code: number, message: string) => HttpResponse.json({ code, message, data: null });

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** article/list as the template filtered it: importance, type and a title substring. */
function filterArticles(articles: MockArticle[], query: URLSearchParams): MockArticle[] {
  const importance = query.get('importance');
  const type = query.get('type');
  const title = query.get('title');
  return articles.filter(
    (item) =>
      (!importance || item.importance === Number(importance)) &&
      (!type || item.type === type) &&
      (!title || item.title.includes(title)),
  );
}

/**
 * Fresh handlers over freshly generated data (the same on every call: the seed is fixed). Tests
 * take their own set; the browser worker takes one for the page's life.
 */
export function createMockHandlers() {
  const data = createMockData();

  return [
    http.post(at('user/login'), async ({ request }) => {
      const body = (await request.json().catch(() => null)) as { username?: unknown } | null;
      const token = MOCK_TOKENS[String(body?.username ?? '')];
      return token ? ok(token) : fail(MOCK_CODE.BAD_LOGIN, MOCK_MESSAGE.BAD_LOGIN);
    }),

    // The template passed the token as ?token=; Tally's client sends it as a header.
    http.get(at('user/info'), ({ request }) => {
      const token = new URL(request.url).searchParams.get('token') ?? request.headers.get(HEADER_TOKEN);
      const user = token ? MOCK_USERS[token] : undefined;
      return user ? ok(user) : fail(MOCK_CODE.NO_USER_INFO, MOCK_MESSAGE.NO_USER_INFO);
    }),

    http.post(at('user/logout'), () => ok('success')),

    http.get(at('search/user'), ({ request }) => {
      const name = new URL(request.url).searchParams.get('name')?.toLowerCase() ?? '';
      const items = data.names.filter((item) => item.toLowerCase().includes(name));
      return ok({ items: items.map((item) => ({ name: item })) });
    }),

    http.get(at('transaction/list'), () => ok({ total: data.transactions.length, items: data.transactions })),

    http.get(at('article/list'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = positiveInt(query.get('page'), MOCK_PAGE_DEFAULT);
      const limit = positiveInt(query.get('limit'), MOCK_LIMIT_DEFAULT);
      const matching = filterArticles(data.articles, query);
      // The template knew two orders, `+id` (default) and `-id`.
      const sorted = query.get('sort') === '-id' ? [...matching].reverse() : matching;
      return ok({ total: sorted.length, items: sorted.slice((page - 1) * limit, page * limit) });
    }),

    http.get(at('article/detail'), ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      const article = data.articles.find((item) => item.id === id);
      return article
        ? ok(article)
        : HttpResponse.json({ code: 404, message: MOCK_MESSAGE.NO_ARTICLE, data: null }, { status: 404 });
    }),

    http.get(at('article/pv'), () =>
      ok({
        pvData: ['PC', 'mobile', 'ios', 'android'].map((key) => ({ key, pv: 1024 })),
      }),
    ),

    http.post(at('article/create'), () => ok('success')),
    http.post(at('article/update'), () => ok('success')),

    http.get(at('routes'), () => ok(MOCK_ROUTES)),
    http.get(at('roles'), () => ok(MOCK_ROLES)),
    http.post(at('role'), () => ok({ key: 300 + MOCK_ROLES.length })),
    http.put(at('role/:key'), () => ok({ status: 'success' })),
    http.delete(at('role/:key'), () => ok({ status: 'success' })),
  ];
}
