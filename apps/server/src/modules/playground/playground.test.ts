import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Endpoint, FINANCE_PATHS, PLAYGROUND_API } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/factories.js';
import { FAST_TELEGRAM } from '../../../test/telegram.js';
import {
  DEMO_EMAIL,
  type Fakes,
  PLAYGROUND_ADDRESS,
  preparePlayground,
  seamOf,
  startFakes,
  wipePlaygroundDir,
} from '../../testing/playground.js';

/** A valid input for each call, so an answer other than 404 would be the call itself answering. */
const INPUT: Record<keyof typeof PLAYGROUND_API, unknown> = {
  status: undefined,
  recharges: undefined,
  pay: { id: 1 },
  groups: undefined,
  addGroup: { title: 'A group' },
  command: { group_id: 1, text: '/stats' },
  report: { group_id: 1 },
  messages: undefined,
};

const calls = Object.entries(PLAYGROUND_API) as [keyof typeof PLAYGROUND_API, Endpoint][];

describe('the playground calls outside the playground', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answer 404 to an admin, every one of them', async () => {
    const admin = await signedIn(t, ['admin']);
    for (const [key, call] of calls) {
      const res = await t.call(call.method, call.path, { token: admin.token, body: INPUT[key] });
      expect(res.status, `${call.id}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body).toMatchObject({ code: 404, data: null, error: 'NOT_FOUND' });
    }
    expect(t.services.playground.enabled).toBe(false);
  });

  it('are refused to a user before that (admins only)', async () => {
    const user = await signedIn(t);
    for (const [key, call] of calls) {
      const res = await t.call(call.method, call.path, { token: user.token, body: INPUT[key] });
      expect(res.status, call.id).toBe(403);
    }
  });
});

describe('the playground: the app built with the fakes as `cli.js playground` builds it', () => {
  let t: TestApp;
  let fakes: Fakes;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let dataDir: string;

  const play = async (key: keyof typeof PLAYGROUND_API, input?: unknown) => {
    const call = PLAYGROUND_API[key];
    const url =
      call.method === 'GET' && input
        ? `${call.path}?${new URLSearchParams(input as Record<string, string>)}`
        : call.path;
    const res = await t.call(call.method, url, {
      token: admin.token,
      body: call.method === 'POST' ? input : undefined,
    });
    expect(res.status, `${call.id}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tally-playground-'));
    fakes = await startFakes();
    t = await createTestApp(
      { TELEGRAM_API_ROOT: fakes.botApi.url },
      { ...FAST_TELEGRAM, playground: seamOf(fakes, dataDir) },
    );
    await preparePlayground(t.services, fakes, {
      adminPassword: 'playground admin password',
      demo: { sites: 1, days: 1, visitsPerDay: 30 },
    });
    admin = await signedIn(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await fakes.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('tells the panel what runs: the fakes, the address, the bot, the demo sites', async () => {
    const status = await play('status');
    expect(status).toMatchObject({
      trongrid_url: fakes.chain.url,
      bot_api_url: fakes.botApi.url,
      address: PLAYGROUND_ADDRESS,
      bot_username: fakes.bot.username,
      bot_mode: 'polling',
      demo_email: DEMO_EMAIL,
    });
    expect(status.sites).toHaveLength(1);
    expect(await t.services.settings.get('trongrid_base_url')).toBe(fakes.chain.url);
  });

  it("credits a user's recharge once the fake chain paid it", async () => {
    const user = await signedIn(t);
    const created = await t.call('POST', FINANCE_PATHS.user.rechargeCreate, {
      token: user.token,
      body: { amount: '25' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const recharge = created.body.data as { id: number; payable: string; address: string };
    expect(recharge.address).toBe(PLAYGROUND_ADDRESS);
    const open = await play('recharges');
    expect(open.list.map((r: { id: number }) => r.id)).toContain(recharge.id);

    const paid = await play('pay', { id: recharge.id });
    expect(paid.matched).toBe(1);
    expect(paid.recharge).toMatchObject({ id: recharge.id, status: 'paid', tx_id: paid.tx_id });
    // The wallet's own calls see it: the balance is the payable amount, the recharge paid.
    const wallet = await t.call('GET', `${FINANCE_PATHS.user.rechargeStatus}?id=${recharge.id}`, {
      token: user.token,
    });
    expect(wallet.body.data.status).toBe('paid');
    expect((await t.services.ledger.balances(user.id)).balance).toBe(micros(recharge.payable));
    expect((await play('recharges')).list.map((r: { id: number }) => r.id)).not.toContain(recharge.id);
  });

  it('adds the bot to a fake group, which answers a command and gets the report', async () => {
    const site = (await play('status')).sites[0] as { id: number; name: string };
    const group = await play('addGroup', { title: 'Playground test group', site_id: site.id });
    expect(group).toMatchObject({ title: 'Playground test group', bot_status: 'administrator' });
    expect(group.bindings.map((b: { site_id: number }) => b.site_id)).toEqual([site.id]);
    expect((await play('groups')).list.map((g: { id: number }) => g.id)).toContain(group.id);

    const stats = await play('command', { group_id: group.id, text: '/stats' });
    expect(stats.replies).toHaveLength(1);
    expect(stats.replies[0]).toMatchObject({ from: 'bot', kind: 'text', chat_id: group.chat_id });
    expect(stats.replies[0].text).toContain(site.name);
    // The fake Bot API's own record: the bot's answer went to that chat.
    expect(fakes.botApi.textsTo(group.chat_id)).toEqual([stats.replies[0].text]);

    const report = await play('report', { group_id: group.id });
    expect(report.replies[0]).toMatchObject({ from: 'bot', kind: 'photo' });
    expect(report.replies[0].photo).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(fakes.botApi.photosTo(group.chat_id)).toHaveLength(1);

    const conversation = await play('messages', { group_id: String(group.id) });
    expect(conversation.list.map((m: { from: string; kind: string }) => `${m.from} ${m.kind}`)).toEqual([
      'member joined',
      'member text',
      'bot text',
      'bot photo',
    ]);
  });
});

describe('the playground directory', () => {
  it('is emptied when it is the playground’s, and anything else is refused untouched', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tally-playground-dir-'));
    const dir = path.join(root, 'data-playground');
    wipePlaygroundDir(dir);
    await writeFile(path.join(dir, 'pgdata'), 'old');
    wipePlaygroundDir(dir);
    expect(await readdir(dir)).toEqual(['.tally-playground']);

    const real = path.join(root, 'data');
    wipePlaygroundDir(real);
    await rm(path.join(real, '.tally-playground'));
    await writeFile(path.join(real, 'app-secret'), 'keep me');
    expect(() => wipePlaygroundDir(real)).toThrow(/not the playground's/);
    expect(await readdir(real)).toEqual(['app-secret']);
    await rm(root, { recursive: true, force: true });
  });
});

function micros(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}
