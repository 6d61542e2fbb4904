import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealer } from '../src/lib/sealed.js';
import { SettingsRepository } from '../src/modules/settings/settings.repository.js';
import { SettingsService } from '../src/modules/settings/settings.service.js';
import { createTestApp, type TestApp } from './app.js';

/**
 * The real repository, whose next read is held back after it has read the rows, until `release()`:
 * a slow read on another connection. `fetched` settles once those rows are read.
 */
class HeldReadRepository extends SettingsRepository {
  holdNextRead(): { fetched: Promise<void>; release(): void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetchedRows = () => {};
    const fetched = new Promise<void>((resolve) => {
      fetchedRows = resolve;
    });
    const read = this.all;
    this.all = async () => {
      this.all = read;
      const rows = await read.call(this);
      fetchedRows();
      await gate;
      return rows;
    };
    return { fetched, release };
  }
}

describe('settings store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_DOCS: 'public' });
  });
  afterAll(() => t.close());

  it('keeps a string that holds JSON a string (tjDomains is a JSON string by contract)', async () => {
    await t.services.settings.update({ tjDomains: '["tj.example.com"]', webtitle: '[1]' });
    const { set } = await t.services.settings.publicSettings();
    expect(set.tjDomains).toBe('["tj.example.com"]');
    expect(set.webtitle).toBe('[1]');
  });

  it('a read in flight during a save does not put the old values back in the cache', async () => {
    const repo = new HeldReadRepository(t.db.orm);
    const settings = new SettingsService(repo, createSealer('k'.repeat(64)));
    await settings.update({ webtitle: 'before' });
    const held = repo.holdNextRead();
    const slowRead = settings.all();
    // The save begins only once the slow read has its rows: on PostgreSQL the two use different
    // connections, and the read could otherwise run after the save and see its values.
    await held.fetched;
    await settings.update({ webtitle: 'after' });
    held.release();
    // The slow read answers with what it read; the cache must not keep it.
    expect((await slowRead).webtitle).toBe('before');
    expect(await settings.get('webtitle')).toBe('after');
  });

  it('seals an SMTP password stored in plain text by an older version, and reads it the same', async () => {
    const repo = new SettingsRepository(t.db.orm);
    await repo.upsert({ smtp_pass: 'plain-old-pass' });
    const settings = new SettingsService(repo, createSealer('k'.repeat(64)));
    expect(await settings.get('smtp_pass')).toBe('plain-old-pass');
    await settings.sealPlainSecrets();
    expect(String((await repo.all()).smtp_pass)).toMatch(/^sealed:v1:/);
    expect(await settings.get('smtp_pass')).toBe('plain-old-pass');
  });

  it('reads a password sealed under another APP_SECRET as not set, and says so in the log once', async () => {
    const repo = new SettingsRepository(t.db.orm);
    await new SettingsService(repo, createSealer('k'.repeat(64))).update({ smtp_pass: 's3cret-pass' });
    const errors: unknown[] = [];
    const other = new SettingsService(repo, createSealer('z'.repeat(64)), {
      error: (obj: unknown) => errors.push(obj),
    });
    expect(await other.get('smtp_pass')).toBe('');
    // A save lets the cache go, so the next read opens the stored value again.
    await other.update({ webtitle: 'reread' });
    expect(await other.get('smtp_pass')).toBe('');
    expect(errors).toEqual([{ setting: 'smtp_pass' }]);
  });

  it('OpenAPI generation survives routes without a schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
  });
});
