import { SETTINGS_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { countRows, signedIn } from '../../../test/factories.js';

describe('finance settings: checked on save, the TronGrid API key sealed and never sent back', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  const save = (body: unknown, lang = 'en-US') =>
    t.call('POST', SETTINGS_PATHS.save, { token: admin.token, body, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin']);
  });
  afterAll(() => t.close());

  it('stores the API key sealed, answers only whether one is set, and keeps it when the field comes back empty', async () => {
    expect((await save({ trongrid_api_key: 'tron-key-0123456789', trongrid_rate: 15 })).status).toBe(200);
    const [row] = await t.db.query<{ value: string }>(
      `select value #>> '{}' as value from settings where key = 'trongrid_api_key'`,
    );
    expect(row?.value).toMatch(/^sealed:v1:/);
    expect(row?.value).not.toContain('tron-key');
    const read = await t.call('GET', SETTINGS_PATHS.fetch, { token: admin.token });
    expect(read.body.data).toMatchObject({ trongrid_api_key_set: true, trongrid_rate: 15 });
    expect(JSON.stringify(read.body.data)).not.toContain('tron-key');
    await save({ trongrid_api_key: '' });
    expect(await t.services.settings.get('trongrid_api_key')).toBe('tron-key-0123456789');
    const [audit] = await t.db.query<{ after: string }>(
      `select after::text from audit_log where action = 'settings.update' order by id desc limit 1`,
    );
    expect(audit?.after ?? '').not.toContain('tron-key');
  });

  it('refuses bad values with 422 in both languages and changes nothing', async () => {
    const before = await countRows(t, ['settings', 'audit_log']);
    const bad = await save({
      recharge_min: '1.2345678',
      withdrawal_fee: '-1',
      usdt_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u',
      trongrid_base_url: 'ftp://x',
      recharge_expiry_minutes: 1,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(
      [
        'recharge_expiry_minutes',
        'recharge_min',
        'trongrid_base_url',
        'usdt_contract',
        'withdrawal_fee',
      ].sort(),
    );
    const zh = await save({ usdt_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'zh-CN');
    expect(zh.body.errors?.usdt_contract?.[0]).toContain('校验和');
    expect(await countRows(t, ['settings', 'audit_log'])).toEqual(before);
  });
});
