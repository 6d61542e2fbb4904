import { ARTICLES_PATHS, FILES_PATHS, HEADER_TOKEN } from '@tally/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { multipart, SAMPLES } from '../../../test/multipart.js';
import { articles as articlesTable, auditLog } from '../../db/schema/index.js';

const HOSTILE = [
  '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script></p>',
  '<img src="/uploads/0123456789abcdef0123456789abcdef.png" onerror="alert(2)" alt="pic">',
  '<img src="javascript:alert(3)"><img src="//evil.example/x.png">',
  '<a href="javascript:alert(4)">one</a> <a href="JaVaScRiPt:alert(5)">two</a>',
  '<a href="jav&#x09;ascript:alert(6)">three</a> <a href="https://ok.example" target="_blank">ok</a>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
  '<p style="text-align: center; background: url(javascript:alert(7))">centred</p>',
  '<svg onload="alert(8)"><circle/></svg><form action="/x"><input name="a"></form>',
  '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>',
].join('');

describe('articles', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let editor: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
    editor = await signedIn(t, ['article_editor']);
  });
  afterAll(() => t.close());

  const save = (body: Record<string, unknown>, token = editor.token) =>
    t.call('POST', ARTICLES_PATHS.save, { token, body });
  const publicFetch = (query: string) => t.call('GET', `${ARTICLES_PATHS.publicFetch}?${query}`);
  const category = async (name: string, sort = 0) =>
    (await t.call('POST', ARTICLES_PATHS.categorySave, { token: editor.token, body: { name, sort } })).body
      .data;

  it('stores and serves article HTML without script, event handlers or javascript: links', async () => {
    const res = await save({ title: 'Hostile', content: HOSTILE, status: 'published' });
    expect(res.status).toBe(200);
    const [row] = await t.db.orm.select().from(articlesTable).where(eq(articlesTable.id, res.body.data.id));
    for (const html of [row!.content, res.body.data.content]) {
      expect(html).not.toMatch(/<script|<iframe|<style|<svg|<form|<input/i);
      expect(html).not.toMatch(/\son\w+=/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).not.toContain('//evil.example');
      expect(html).not.toContain('background');
    }
    expect(row!.content).toContain('<strong>world</strong>');
    expect(row!.content).toContain('<img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="pic" />');
    expect(row!.content).toContain(
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(row!.content).toContain('<p style="text-align:center">centred</p>');
    expect(row!.content).toContain('<code class="language-ts">const a = 1 &lt; 2;</code>');

    const served = await publicFetch(`id=${res.body.data.id}`);
    expect(served.status).toBe(200);
    expect(served.body.data.content).toBe(row!.content);
    expect(served.body.data.summary).toBe('Hello world one twothree ok centred const a = 1 < 2;');
  });

  it('shows only published articles whose time has come, and counts one view per read', async () => {
    const draft = (await save({ title: 'Draft', content: '<p>d</p>' })).body.data;
    const future = (
      await save({
        title: 'Tomorrow',
        status: 'published',
        publish_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).body.data;
    const live = (await save({ title: 'Live', status: 'published', content: '<p>live</p>' })).body.data;
    expect(draft.publish_at).toBeNull();
    expect(live.publish_at).not.toBeNull();

    for (const id of [draft.id, future.id]) expect((await publicFetch(`id=${id}`)).status).toBe(404);
    const list = await publicFetch('limit=50');
    const titles = list.body.data.list.map((a: { title: string }) => a.title);
    expect(titles).toContain('Live');
    expect(titles).not.toContain('Draft');
    expect(titles).not.toContain('Tomorrow');
    expect(list.body.data.list[0].content).toBeUndefined();

    expect((await publicFetch(`id=${live.id}`)).body.data.views).toBe(1);
    expect((await publicFetch(`id=${live.id}`)).body.data.views).toBe(2);
    await publicFetch('limit=50');
    const admin_view = await t.call('GET', `${ARTICLES_PATHS.detail}?id=${live.id}`, { token: editor.token });
    expect(admin_view.body.data.views).toBe(2);

    const unpublished = await t.call('POST', ARTICLES_PATHS.switch, {
      token: editor.token,
      body: { id: live.id, status: 'draft' },
    });
    expect(unpublished.body.data.status).toBe('draft');
    expect((await publicFetch(`id=${live.id}`)).status).toBe(404);
    const republished = await t.call('POST', ARTICLES_PATHS.switch, {
      token: editor.token,
      body: { id: live.id, status: 'published' },
    });
    expect(republished.body.data.publish_at).toBe(live.publish_at);
    expect((await publicFetch(`id=${live.id}`)).status).toBe(200);
  });

  it('takes ids of 1 to 62 digits: a huge one is simply not found, anything else is a 422', async () => {
    expect((await publicFetch(`id=${'9'.repeat(62)}`)).status).toBe(404);
    expect((await publicFetch('id=0')).status).toBe(404);
    for (const bad of ['9'.repeat(63), 'abc', '-1', '1e3', '1.0']) {
      const res = await publicFetch(`id=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
    }
  });

  it('lists public articles by category, pinned first then newest, with paging', async () => {
    const news = await category('News', 1);
    const guides = await category('Guides', 2);
    const a = (await save({ title: 'N1', status: 'published', category_id: news.id })).body.data;
    await save({ title: 'N2', status: 'published', category_id: news.id });
    await save({
      title: 'N3 pinned',
      status: 'published',
      category_id: news.id,
      pinned: true,
      publish_at: '2020-01-01T00:00:00Z',
    });
    await save({ title: 'G1', status: 'published', category_id: guides.id });
    await save({ title: 'N draft', category_id: news.id });

    const page1 = await publicFetch(`category_id=${news.id}&limit=2&page=1`);
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.body.data.list.map((x: { title: string }) => x.title)).toEqual(['N3 pinned', 'N2']);
    const page2 = await publicFetch(`category_id=${news.id}&limit=2&page=2`);
    expect(page2.body.data.list.map((x: { title: string }) => x.title)).toEqual(['N1']);
    expect(page2.body.data.list[0]).toMatchObject({ id: a.id, category_name: 'News' });

    const cats = await t.call('GET', ARTICLES_PATHS.publicCategories);
    const counts = Object.fromEntries(
      cats.body.data.list.map((c: { name: string; article_count: number }) => [c.name, c.article_count]),
    );
    expect(counts).toMatchObject({ News: 3, Guides: 1 });
  });

  it('lets admins and editors search, filter and page the back-office list', async () => {
    const tech = await category('Tech');
    await save({ title: 'Rust tips', summary: 'fast code', category_id: tech.id });
    await save({ title: 'Go tips', status: 'published', pinned: true, category_id: tech.id }, admin.token);
    const q = (query: string) => t.call('GET', `${ARTICLES_PATHS.fetch}?${query}`, { token: admin.token });

    expect((await q('keyword=tips')).body.data.total).toBe(2);
    expect((await q('keyword=fast')).body.data.list.map((a: { title: string }) => a.title)).toEqual([
      'Rust tips',
    ]);
    expect(
      (await q(`category_id=${tech.id}&status=published`)).body.data.list.map(
        (a: { title: string }) => a.title,
      ),
    ).toEqual(['Go tips']);
    expect((await q(`category_id=${tech.id}&pinned=true`)).body.data.total).toBe(1);
    expect((await q('keyword=%25')).body.data.total).toBe(0);
    const paged = await q('limit=1&page=2&sort=-id');
    expect(paged.body.data).toMatchObject({ page: 2, limit: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    await save({ title: 'Loose notes' });
    const uncategorised = (await q('category_id=0')).body.data.list as { title: string; category_id: null }[];
    expect(uncategorised.map((a) => a.title)).toContain('Loose notes');
    expect(uncategorised.filter((a) => a.category_id !== null)).toEqual([]);
    const go = (await q('keyword=Go')).body.data.list[0];
    expect(go).toMatchObject({ author_name: admin.username, category_name: 'Tech', pinned: true });

    const unpinned = await t.call('POST', ARTICLES_PATHS.pin, {
      token: editor.token,
      body: { id: go.id, pinned: false },
    });
    expect(unpinned.body.data.pinned).toBe(false);
  });

  it('refuses bad input with 422 and keeps the article as it was', async () => {
    const original = (await save({ title: 'Keep me', content: '<p>original</p>' })).body.data;
    const bad = [
      { title: '' },
      { title: 'x'.repeat(201) },
      { title: 'ok', cover: 'javascript:alert(1)' },
      { title: 'ok', status: 'live' },
      { title: 'ok', category_id: 999_999 },
      { title: 'ok', publish_at: 'tomorrow' },
      { title: 'ok', content: 'x'.repeat(500_001) },
    ];
    for (const body of bad) {
      const res = await save({ ...body, id: original.id });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    const after = await t.call('GET', `${ARTICLES_PATHS.detail}?id=${original.id}`, { token: editor.token });
    expect(after.body.data).toEqual(original);
    const longChinese = await save({
      id: original.id,
      title: 'Long',
      content: `<p>${'中'.repeat(400_000)}</p>`,
    });
    expect(longChinese.status).toBe(200);
    expect((await save({ id: 999_999, title: 'ghost' })).status).toBe(404);
  });

  it('keeps category names unique and leaves articles without a category when it is deleted', async () => {
    const cat = await category('Unique');
    const dup = await t.call('POST', ARTICLES_PATHS.categorySave, {
      token: editor.token,
      body: { name: 'unique' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors?.name).toBeDefined();
    const renamed = await t.call('POST', ARTICLES_PATHS.categorySave, {
      token: editor.token,
      body: { id: cat.id, name: 'Unique', sort: 5 },
    });
    expect(renamed.body.data).toMatchObject({ id: cat.id, sort: 5 });
    const article = (await save({ title: 'In Unique', category_id: cat.id })).body.data;
    const listed = await t.call('GET', ARTICLES_PATHS.categoryFetch, { token: editor.token });
    expect(listed.body.data.list.find((c: { id: number }) => c.id === cat.id).article_count).toBe(1);

    const del = await t.call('POST', ARTICLES_PATHS.categoryDel, {
      token: editor.token,
      body: { ids: [cat.id] },
    });
    expect(del.body.data.deleted).toEqual([cat.id]);
    const after = await t.call('GET', `${ARTICLES_PATHS.detail}?id=${article.id}`, { token: editor.token });
    expect(after.body.data.category_id).toBeNull();
  });

  it('gives articles to admins and editors only, and audits changes', async () => {
    const user = await signedIn(t);
    for (const [method, url, body] of [
      ['GET', ARTICLES_PATHS.fetch, undefined],
      ['POST', ARTICLES_PATHS.save, { title: 'x' }],
      ['POST', ARTICLES_PATHS.del, { ids: [1] }],
      ['POST', ARTICLES_PATHS.categorySave, { name: 'x' }],
    ] as const) {
      expect((await t.call(method, url, { token: user.token, body })).status, url).toBe(403);
      expect((await t.call(method, url, { body })).body.code, url).toBe(403);
    }
    const created = (await save({ title: 'Audited' })).body.data;
    const rows = await t.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `article:${created.id}`));
    expect(rows).toEqual([expect.objectContaining({ action: 'articles.create', actorId: editor.id })]);

    const del = await t.call('POST', ARTICLES_PATHS.del, {
      token: editor.token,
      body: { ids: [created.id] },
    });
    expect(del.body.data.deleted).toEqual([created.id]);
    expect(
      (await t.call('GET', `${ARTICLES_PATHS.detail}?id=${created.id}`, { token: editor.token })).status,
    ).toBe(404);
  });

  it('makes file deletion warn when an article shows the file', async () => {
    const { payload, headers } = multipart([{ filename: 'cover.png', content: SAMPLES.png }]);
    const up = await t.app.inject({
      method: 'POST',
      url: FILES_PATHS.uploadImage,
      payload,
      headers: { ...headers, [HEADER_TOKEN]: editor.token },
    });
    const file = up.json().data.list[0];
    const article = (await save({ title: 'With cover', cover: file.url })).body.data;
    const inBody = (await save({ title: 'With image', content: `<p><img src="${file.url}"></p>` })).body.data;
    const res = await t.call('POST', FILES_PATHS.del, { token: admin.token, body: { ids: [file.id] } });
    expect(res.body.data.deleted).toEqual([]);
    expect(res.body.data.in_use[0].used_by).toEqual([
      { kind: 'article', id: String(article.id), title: 'With cover' },
      { kind: 'article', id: String(inBody.id), title: 'With image' },
    ]);
  });
});
