import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FILES_PATHS, HEADER_TOKEN, SETTINGS_PATHS } from '@tally/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { multipart, type Part, pngOfSize, SAMPLES } from '../../../test/multipart.js';
import { auditLog, files } from '../../db/schema/index.js';
import { MAX_FILES_PER_UPLOAD } from './files.service.js';

async function upload(t: TestApp, token: string, parts: Part[], url: string = FILES_PATHS.upload) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, [HEADER_TOKEN]: token },
  });
  return { status: res.statusCode, body: res.json() };
}

const fileRows = (t: TestApp) => t.db.orm.select().from(files);

describe('files', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let editor: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_MB: '0.01' });
    admin = await signedIn(t, ['admin']);
    editor = await signedIn(t, ['article_editor']);
  });
  afterAll(() => t.close());

  const onDisk = () => t.services.fileStore.listAll();

  it('stores several files at once under random names, with the type read from the bytes', async () => {
    const res = await upload(t, admin.token, [
      { filename: 'logo.png', content: SAMPLES.png, type: 'image/png' },
      { filename: 'anim.bin', content: SAMPLES.gif },
      { filename: '价格表.pdf', content: SAMPLES.pdf, type: 'text/html' },
    ]);
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    expect(list.map((f: { name: string }) => f.name)).toEqual(['logo.png', 'anim.bin', '价格表.pdf']);
    expect(list.map((f: { mime: string }) => f.mime)).toEqual(['image/png', 'image/gif', 'application/pdf']);
    expect(list[1]).toMatchObject({ ext: 'gif', kind: 'image', width: 3, height: 2, uploader_id: admin.id });
    for (const f of list) expect(f.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|gif|pdf)$/);
    expect((await onDisk()).stored.sort()).toEqual(list.map((f: { url: string }) => f.url.slice(9)).sort());
    const [audit] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'files.upload'));
    expect(audit).toMatchObject({ actorId: admin.id });
  });

  it('serves files with their type, nosniff, and a sandbox; documents download instead of rendering', async () => {
    const { body } = await upload(t, admin.token, [
      { filename: 'a.png', content: SAMPLES.png },
      { filename: 'b.pdf', content: SAMPLES.pdf },
    ]);
    const [png, pdf] = body.data.list;
    const image = await t.app.inject({ method: 'GET', url: png.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-disposition']).toBe('inline');
    expect(image.rawPayload.equals(SAMPLES.png)).toBe(true);
    const doc = await t.app.inject({ method: 'GET', url: pdf.url });
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe('attachment');
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/0123456789abcdef0123456789abcdef.png' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses an HTML file renamed .png, SVG and text, whatever the browser claims, and keeps nothing', async () => {
    const before = await onDisk();
    const rowsBefore = (await fileRows(t)).length;
    for (const part of [
      { filename: 'innocent.png', content: SAMPLES.html, type: 'image/png' },
      { filename: 'logo.svg', content: SAMPLES.svg, type: 'image/svg+xml' },
      { filename: 'notes.txt', content: 'just text', type: 'text/plain' },
      { filename: 'empty.png', content: Buffer.alloc(0), type: 'image/png' },
    ]) {
      const res = await upload(t, admin.token, [part]);
      expect(res.status, part.filename).toBe(422);
      expect(res.body.errors.file[0], part.filename).toContain(part.filename);
    }
    const mixed = await upload(t, admin.token, [
      { filename: 'good.png', content: SAMPLES.png },
      { filename: 'bad.png', content: SAMPLES.html },
    ]);
    expect(mixed.status).toBe(422);
    expect(await onDisk()).toEqual(before);
    expect(await fileRows(t)).toHaveLength(rowsBefore);
  });

  it('keeps path traversal in names harmless: display name only, random name on disk', async () => {
    const dataDir = path.dirname(t.services.fileStore.dir);
    const outside = (await readdir(dataDir)).sort();
    const res = await upload(t, admin.token, [
      { filename: '../../../../tmp/evil.png', content: SAMPLES.png },
      { filename: '..\\..\\app-secret', content: SAMPLES.png },
      { filename: '/etc/passwd', content: SAMPLES.png },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((f: { name: string }) => f.name)).toEqual([
      'evil.png',
      'app-secret',
      'passwd',
    ]);
    expect((await readdir(dataDir)).sort()).toEqual(outside);
    const stored = (await onDisk()).stored;
    for (const f of res.body.data.list) expect(stored).toContain(f.url.slice('/uploads/'.length));
    await writeFile(path.join(dataDir, 'sentinel.txt'), 'SENTINEL-CONTENT');
    for (const url of [
      '/uploads/../sentinel.txt',
      '/uploads/..%2fsentinel.txt',
      '/uploads/%2e%2e/sentinel.txt',
      '/uploads/%2e%2e%2fsentinel.txt',
      '/uploads/..%5csentinel.txt',
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.body, url).not.toContain('SENTINEL-CONTENT');
    }
  });

  it('refuses a file over the limit with a clear 413 and leaves no file and no row', async () => {
    const before = await onDisk();
    const rowsBefore = (await fileRows(t)).length;
    const res = await upload(t, admin.token, [
      { filename: 'small.png', content: SAMPLES.png },
      { filename: 'huge.png', content: pngOfSize(64 * 1024) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
    expect(res.body.message).toContain('huge.png');
    expect(res.body.message).toContain('0.01 MB');
    expect(await onDisk()).toEqual(before);
    expect((await onDisk()).staging).toEqual([]);
    expect(await fileRows(t)).toHaveLength(rowsBefore);
  });

  it('refuses more files than one upload may carry, keeping none of them', async () => {
    const before = await onDisk();
    const parts = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => ({
      filename: `p${i}.png`,
      content: SAMPLES.png,
    }));
    const res = await upload(t, admin.token, parts);
    expect(res.status).toBe(413);
    expect(res.body.message).toContain(`at most ${MAX_FILES_PER_UPLOAD} files`);
    expect(await onDisk()).toEqual(before);
  });

  it('answers an over-limit upload over real HTTP with the 413, not a reset connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([pngOfSize(2 * 1024 * 1024)]), 'big.png');
    const res = await fetch(`${address}${FILES_PATHS.upload}`, {
      method: 'POST',
      body: form,
      headers: { [HEADER_TOKEN]: admin.token },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe('PAYLOAD_TOO_LARGE');
    expect((await onDisk()).staging).toEqual([]);
  });

  it('refuses an upload with no file, or not multipart, with 422', async () => {
    expect((await upload(t, admin.token, [])).status).toBe(422);
    const json = await t.call('POST', FILES_PATHS.upload, { token: admin.token, body: { file: 'x' } });
    expect(json.status).toBe(422);
  });

  it('lists with paging, search and kind', async () => {
    await upload(t, admin.token, [
      { filename: 'banner-summer.png', content: SAMPLES.png },
      { filename: 'banner-winter.gif', content: SAMPLES.gif },
    ]);
    const all = await t.call('GET', `${FILES_PATHS.fetch}?limit=2&page=1`, { token: admin.token });
    expect(all.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(all.body.data.list).toHaveLength(2);
    expect(all.body.data.total).toBe((await fileRows(t)).length);
    const found = await t.call('GET', `${FILES_PATHS.fetch}?keyword=banner&kind=image&sort=name`, {
      token: admin.token,
    });
    expect(found.body.data.list.map((f: { name: string }) => f.name)).toEqual([
      'banner-summer.png',
      'banner-winter.gif',
    ]);
    expect(found.body.data.list[0].uploader_name).toBe(admin.username);
    const wild = await t.call('GET', `${FILES_PATHS.fetch}?keyword=%25`, { token: admin.token });
    expect(wild.body.data.total).toBe(0);
    expect((await t.call('GET', `${FILES_PATHS.fetch}?kind=exe`, { token: admin.token })).status).toBe(422);
  });

  it('warns before deleting a file an ad uses, and deletes it (bytes too) once confirmed', async () => {
    const { body } = await upload(t, admin.token, [{ filename: 'ad.png', content: SAMPLES.png }]);
    const file = body.data.list[0];
    await t.call('POST', SETTINGS_PATHS.save, {
      token: admin.token,
      body: { ads: [{ title: 'Summer sale', image: file.url, link: '/price', position: 'home' }] },
    });
    const warned = await t.call('POST', FILES_PATHS.del, { token: admin.token, body: { ids: [file.id] } });
    expect(warned.body.data.deleted).toEqual([]);
    expect(warned.body.data.in_use).toEqual([
      {
        file_id: file.id,
        name: 'ad.png',
        url: file.url,
        used_by: [{ kind: 'ad', id: expect.any(String), title: 'Summer sale' }],
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);

    const done = await t.call('POST', FILES_PATHS.del, {
      token: admin.token,
      body: { ids: [file.id], confirm: true },
    });
    expect(done.body.data.deleted).toEqual([file.id]);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await onDisk()).stored).not.toContain(file.url.slice(9));
  });

  it('keeps files admin-only; article editors pick and upload images only', async () => {
    expect((await t.call('GET', FILES_PATHS.fetch, { token: editor.token })).status).toBe(403);
    expect((await upload(t, editor.token, [{ filename: 'a.png', content: SAMPLES.png }])).status).toBe(403);
    expect((await t.call('POST', FILES_PATHS.del, { token: editor.token, body: { ids: [1] } })).status).toBe(
      403,
    );

    const image = await upload(
      t,
      editor.token,
      [{ filename: 'pic.png', content: SAMPLES.png }],
      FILES_PATHS.uploadImage,
    );
    expect(image.status).toBe(200);
    const doc = await upload(
      t,
      editor.token,
      [{ filename: 'doc.pdf', content: SAMPLES.pdf }],
      FILES_PATHS.uploadImage,
    );
    expect(doc.status).toBe(422);
    const images = await t.call('GET', `${FILES_PATHS.images}?limit=200`, { token: editor.token });
    expect(images.body.data.list.every((f: { kind: string }) => f.kind === 'image')).toBe(true);
    expect(images.body.data.list.map((f: { id: number }) => f.id)).toContain(image.body.data.list[0].id);
    const limits = await t.call('GET', FILES_PATHS.limits, { token: editor.token });
    expect(limits.body.data.max_bytes).toBe(Math.round(0.01 * 1024 * 1024));
    expect(limits.body.data.types.map((x: { ext: string }) => x.ext)).toContain('png');
    const user = await signedIn(t);
    expect((await t.call('GET', FILES_PATHS.limits, { token: user.token })).status).toBe(403);
  });
});
