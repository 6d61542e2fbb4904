import { BOTS_PATHS, GROUPS_PATHS, REPORT_BASE, REPORT_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit, newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { count } from '../../../test/factories.js';
import { FAST_TELEGRAM, shanghaiTime, telegramAppWithLogs, until } from '../../../test/telegram.js';
import { type FakeBot, FakeBotApi, type FakeChat } from '../../testing/fake-bot-api.js';

describe('telegram bots and groups against the fake Bot API (long polling)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let logs: string[];
  const responses: string[] = [];
  let admin: Awaited<ReturnType<typeof newOwner>>;
  let alice: Awaited<ReturnType<typeof newOwner>>;
  let bob: Awaited<ReturnType<typeof newOwner>>;
  let bot: FakeBot;
  let botId: number;
  const chat: FakeChat = { id: -100200300, type: 'group', title: 'Ops room' };

  const call = async (...args: Parameters<TestApp['call']>) => {
    const res = await t.call(...args);
    responses.push(JSON.stringify(res.body));
    return res;
  };
  const groups = async (query = '') =>
    (await call('GET', `${GROUPS_PATHS.fetch}?${query}`, { token: admin.token })).body.data;
  const groupOf = async (chatId: number) =>
    (await groups()).list.find((g: { chat_id: number }) => g.chat_id === chatId);

  beforeAll(async () => {
    fake = await new FakeBotApi().start();
    ({ t, logs } = await telegramAppWithLogs(fake));
    admin = await newOwner(t, ['admin']);
    alice = await newOwner(t);
    bob = await newOwner(t);
    bot = fake.addBot('alice_stats_bot');
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('refuses a token Telegram does not know, in the caller’s language, and stores nothing', async () => {
    const unknown = `${bot.id + 999}:${'x'.repeat(35)}`;
    const zh = await call('POST', BOTS_PATHS.save, {
      token: alice.token,
      body: { bot_token: unknown },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(422);
    expect(zh.body.errors?.bot_token).toEqual(['Telegram 拒绝了该令牌，请到 @BotFather 核对。']);
    const en = await call('POST', BOTS_PATHS.save, { token: alice.token, body: { bot_token: unknown } });
    expect(en.body.errors?.bot_token).toEqual(['Telegram refused this token: check it with @BotFather.']);
    const malformed = await call('POST', BOTS_PATHS.save, {
      token: alice.token,
      body: { bot_token: 'hello' },
    });
    expect(malformed.status).toBe(422);
    expect(fake.callsOf('getMe').length).toBe(0);
    expect(await count(t, 'telegram_bots')).toBe(0);
  });

  it('adds a bot by token: masked in answers, sealed at rest, polled by one poller', async () => {
    const res = await call('POST', BOTS_PATHS.save, { token: alice.token, body: { bot_token: bot.token } });
    expect(res.status).toBe(200);
    botId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      username: 'alice_stats_bot',
      mode: 'polling',
      enabled: true,
      status: 'ok',
    });
    expect(res.body.data.token).not.toContain(bot.token.split(':')[1]!.slice(3, -3));
    const [row] = await t.db.query<{ token_sealed: string }>('select token_sealed from telegram_bots');
    expect(row!.token_sealed.startsWith('sealed:v1:')).toBe(true);
    expect(row!.token_sealed).not.toContain(bot.token);
    await until(
      'a poll',
      async () => fake.callsOf('getUpdates', bot.token).length > 0 || fake.maxConcurrentPolls > 0,
    );
    const again = await call('POST', BOTS_PATHS.save, { token: bob.token, body: { bot_token: bot.token } });
    expect(again.body.errors?.bot_token).toEqual(['this bot is already connected']);
  });

  it('learns a group from my_chat_member; promotion and removal update it', async () => {
    fake.memberCounts.set(chat.id, 17);
    await fake.deliver(bot.token, fake.myChatMember(chat, 'member'));
    const g = await until('the group', () => groupOf(chat.id));
    expect(g).toMatchObject({
      title: 'Ops room',
      type: 'group',
      bot_status: 'member',
      member_count: 17,
      bot_username: 'alice_stats_bot',
      left_at: null,
    });
    expect(g.joined_at).not.toBeNull();
    await fake.deliver(bot.token, fake.myChatMember(chat, 'administrator', 'member'));
    await until('promotion', async () => (await groupOf(chat.id))?.bot_status === 'administrator');
    const bots = await call('GET', BOTS_PATHS.fetch, { token: alice.token });
    expect(bots.body.data.list[0].groups_count).toBe(1);
    const other: FakeChat = { id: -555, type: 'supergroup', title: 'Gone soon' };
    await fake.deliver(bot.token, fake.myChatMember(other, 'member'));
    await until('other', () => groupOf(other.id));
    await fake.deliver(bot.token, fake.myChatMember(other, 'kicked', 'member'));
    const kicked = await until('kick', async () => {
      const row = await groupOf(other.id);
      return row?.bot_status === 'kicked' && row;
    });
    expect(kicked.left_at).not.toBeNull();
    expect((await groups('state=left')).list.map((r: { chat_id: number }) => r.chat_id)).toEqual([other.id]);
  });

  it('binds a site, keeps the binding when the group becomes a supergroup, and sends a test report', async () => {
    const site = await newSite(t, alice, { name: 'Alice shop' });
    const g = await groupOf(chat.id);
    const bad = await call('POST', GROUPS_PATHS.bind, {
      token: admin.token,
      body: { id: g.id, site_id: site.id, schedule: 'weekly' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.weekday).toBeDefined();
    const ok = await call('POST', GROUPS_PATHS.bind, {
      token: admin.token,
      body: { id: g.id, site_id: site.id, schedule: 'daily', time: '08:30' },
    });
    expect(ok.body.code).toBe(200);
    await fake.deliver(bot.token, fake.migration(chat, -1009998887776));
    const moved = await until('migration', () => groupOf(-1009998887776));
    expect(moved).toMatchObject({ id: g.id, type: 'supergroup' });
    expect(moved.bindings).toEqual([
      expect.objectContaining({ site_id: site.id, site_name: 'Alice shop', time: '08:30' }),
    ]);
    expect(await groupOf(chat.id)).toBeUndefined();
    chat.id = -1009998887776;
    chat.type = 'supergroup';

    const test = await call('POST', GROUPS_PATHS.testReport, { token: admin.token, body: { id: g.id } });
    expect(test.body.data).toEqual({ sent: 1 });
    expect(fake.textsTo(chat.id).at(-1)).toContain('日报 · Alice shop');
    // The report is the 24-hour chart, a PNG drawn on the server, with the figures as its caption.
    const chart = fake.photosTo(chat.id).at(-1)!;
    expect(chart.filename).toBe('traffic-24h.png');
    expect(chart.data.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('/stats answers with the numbers the report API gives, in the group’s language', async () => {
    const site = (await t.services.sites.sitesOfUser(alice.id, false)).find((s) => s.name === 'Alice shop')!;
    const full = await t.services.sites.get(alice.auth, site.id);
    for (const [i, ip] of ['1.2.3.4', '5.6.7.8', '5.6.7.8'].entries()) {
      await hit(t, { s: full.tracking_key, t: 'pv', u: `https://example.com/p${i}` }, { ip });
    }
    const overview = await until('traffic', async () => {
      const res = await call('GET', `${REPORT_BASE}${REPORT_PATHS.overview}?site_id=${site.id}`, {
        token: alice.token,
      });
      return res.body.data?.today.pv === 3 && res.body.data.today;
    });
    const g = await groupOf(chat.id);
    await call('POST', GROUPS_PATHS.save, { token: admin.token, body: { id: g.id, language: 'en' } });
    const before = fake.textsTo(chat.id).length;
    await fake.deliver(bot.token, fake.message(chat, '/stats'));
    const answer = await until(
      'the answer',
      async () => fake.textsTo(chat.id).length > before && fake.textsTo(chat.id).at(-1),
    );
    expect(answer).toContain('Alice shop');
    expect(answer).toContain(`Page views: ${overview.pv}`);
    expect(answer).toContain(`Visitors: ${overview.uv}`);
    expect(answer).toContain(`IPs: ${overview.ip}`);
    expect(answer).toContain(`Visits: ${overview.visits}`);
    expect(overview.pv).toBe(3);
    expect(overview.ip).toBe(2);
  });

  it('/start with the profile link links the account; /bind works for the site’s owner only', async () => {
    const link = await call('POST', BOTS_PATHS.link, { token: bob.token });
    const start = new URL(link.body.data.url).searchParams.get('start')!;
    const bobTg = { id: 9001, first_name: 'Bob', language_code: 'en' };
    const dm: FakeChat = { id: 9001, type: 'private' };
    await fake.deliver(bot.token, fake.message(dm, `/start ${start}`, bobTg));
    await until('linked', async () => fake.textsTo(dm.id).at(-1) === 'Your Tally account is linked.');
    await fake.deliver(bot.token, fake.message(dm, `/start ${start}`, bobTg));
    await until('used once', async () => fake.textsTo(dm.id).at(-1)?.includes('invalid or expired'));

    const aliceSite = (await t.services.sites.sitesOfUser(alice.id, false))[0]!;
    const bobSite = await newSite(t, bob, { name: 'Bob blog' });
    const sent = () => fake.textsTo(chat.id).length;
    let n = sent();
    await fake.deliver(bot.token, fake.message(chat, `/bind ${aliceSite.id}`, bobTg));
    await until(
      'refusal',
      async () => sent() > n && fake.textsTo(chat.id).at(-1)?.includes('Only the owner'),
    );
    n = sent();
    await fake.deliver(bot.token, fake.message(chat, `/bind ${bobSite.id}`, bobTg));
    await until('bound', async () => sent() > n && fake.textsTo(chat.id).at(-1)?.includes('Bob blog'));
    expect((await groupOf(chat.id)).bindings.map((b: { site_id: number }) => b.site_id)).toContain(
      bobSite.id,
    );
  });

  it('a 429 from Telegram is waited out (retry_after) and the message still goes', async () => {
    const g = await groupOf(chat.id);
    fake.failWith429('sendMessage', 1, 1);
    const started = Date.now();
    const res = await call('POST', GROUPS_PATHS.send, {
      token: admin.token,
      body: { id: g.id, text: 'hello' },
    });
    expect(res.body.code).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const last = fake.calls.filter((c) => c.method === 'sendMessage').slice(-2);
    expect(last.map((c) => c.status)).toEqual([429, 200]);
  });

  it('a daily report goes out at its time once, however many scans run at once', async () => {
    const g = await groupOf(chat.id);
    const site = (await t.services.sites.sitesOfUser(alice.id, false))[0]!;
    // 21:00 in Shanghai today, not the clock: bindings made by earlier tests (08:30 here, /bind's 09:00)
    // are due for an hour after their time, and a scan then would send their reports too.
    const now = new Date(`${new Date().toISOString().slice(0, 10)}T13:00:00Z`);
    const local = shanghaiTime(now);
    await call('POST', GROUPS_PATHS.bind, {
      token: admin.token,
      body: { id: g.id, site_id: site.id, time: local },
    });
    const before = fake.callsOf('sendPhoto').length;
    const results = await Promise.all([1, 2, 3].map(() => t.services.telegramReports.runDue(now)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(fake.callsOf('sendPhoto').length - before).toBe(1);
    expect((await t.services.telegramReports.runDue(now)).sent).toBe(0);
    const early = new Date(now.getTime() - 5 * 60_000);
    expect((await t.services.telegramReports.runDue(early)).due).toBe(0);
  });

  it('users see their own bots, admins all, a share client its site’s bots read-only; groups are admin-only', async () => {
    const names = async (token: string) =>
      (await call('GET', BOTS_PATHS.fetch, { token })).body.data.list.map(
        (b: { username: string }) => b.username,
      );
    expect(await names(alice.token)).toEqual(['alice_stats_bot']);
    expect(await names(bob.token)).toEqual([]);
    expect(await names(admin.token)).toEqual(['alice_stats_bot']);
    const bobSwitch = await call('POST', BOTS_PATHS.switch, {
      token: bob.token,
      body: { id: botId, status: false },
    });
    expect(bobSwitch.status).toBe(404);
    expect((await call('GET', GROUPS_PATHS.fetch, { token: alice.token })).status).toBe(403);

    const site = (await t.services.sites.sitesOfUser(alice.id, false))[0]!;
    const share = await call('POST', '/api/v1/api2/sites/share', {
      token: alice.token,
      body: { id: site.id, action: 'enable' },
    });
    const login = await call('POST', '/api/v1/api2/auth/share', { body: { token: share.body.data.token } });
    const client = login.body.data.x_token as string;
    expect(await names(client)).toEqual(['alice_stats_bot']);
    expect(
      (await call('POST', BOTS_PATHS.switch, { token: client, body: { id: botId, status: false } })).status,
    ).toBe(403);
    expect(
      (await call('POST', BOTS_PATHS.save, { token: client, body: { bot_token: bot.token } })).status,
    ).toBe(403);
  });

  it('disabling stops polling; deleting removes the webhook and the bot', async () => {
    await call('POST', BOTS_PATHS.switch, { token: alice.token, body: { id: botId, status: false } });
    expect(t.services.telegramRuntime.polling(botId)).toBe(false);
    const del = await call('POST', BOTS_PATHS.del, { token: alice.token, body: { ids: [botId] } });
    expect(del.body.code).toBe(200);
    expect(fake.callsOf('deleteWebhook', bot.token).length).toBeGreaterThan(0);
    expect(await count(t, 'telegram_bots')).toBe(0);
  });

  it('the token never appears in an API response, a log line or an audit row', async () => {
    const secretPart = bot.token.split(':')[1]!;
    const audit = await t.db.query<{ row: string }>('select row_to_json(a)::text as row from audit_log a');
    expect(audit.some((a) => a.row.includes('bots.create'))).toBe(true);
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...responses, ...logs, ...audit.map((a) => a.row)])
      expect(text).not.toContain(secretPart);
  });

  it('the plan’s bot limit: the free plan’s one bot, then 422 naming the plan in the caller’s language; two at once make one', async () => {
    const owner = await newOwner(t);
    const [first, second] = [fake.addBot(), fake.addBot()];
    const both = await Promise.all(
      [first, second].map((b) =>
        call('POST', BOTS_PATHS.save, {
          token: owner.token,
          body: { bot_token: b.token },
          headers: { 'accept-language': 'zh-CN' },
        }),
      ),
    );
    expect(both.map((r) => r.body.code).sort()).toEqual([200, 422]);
    const refused = both.find((r) => r.body.code === 422)!;
    expect(refused.body.errors).toEqual({
      bot_token: ['您的套餐 免费版 最多可添加 1 个机器人，请升级套餐后再添加。'],
    });
    const third = fake.addBot();
    const en = await call('POST', BOTS_PATHS.save, {
      token: owner.token,
      body: { bot_token: third.token },
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body.errors).toEqual({ bot_token: ['Your plan Free allows 1 bot; upgrade to add more.'] });
    const [owned] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from telegram_bots where user_id = $1',
      [owner.id],
    );
    expect(owned?.n).toBe(1);
    // Admins run the product: not limited.
    for (const b of [fake.addBot(), fake.addBot()])
      expect(
        (await call('POST', BOTS_PATHS.save, { token: admin.token, body: { bot_token: b.token } })).body.code,
      ).toBe(200);
  });
});

describe('telegram webhooks (PUBLIC_URL https)', () => {
  let fake: FakeBotApi;
  let t: TestApp;

  beforeAll(async () => {
    fake = await new FakeBotApi().start();
    t = await createTestApp(
      { TELEGRAM_API_ROOT: fake.url, PUBLIC_URL: 'https://tally.example' },
      FAST_TELEGRAM,
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('sets a webhook with a secret and allowed_updates; a wrong secret is refused and changes nothing', async () => {
    const owner = await newOwner(t);
    const bot = fake.addBot();
    const res = await t.call('POST', BOTS_PATHS.save, { token: owner.token, body: { bot_token: bot.token } });
    expect(res.body.data.mode).toBe('webhook');
    const id = res.body.data.id;
    const hook = fake.webhookOf(bot.token)!;
    expect(hook.url).toBe(`https://tally.example/api/v1/telegram/webhook/${id}`);
    expect(hook.allowedUpdates).toEqual(['message', 'my_chat_member']);
    expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(fake.callsOf('getUpdates').length).toBe(0);

    const update = {
      update_id: 1,
      ...fake.myChatMember({ id: -42, type: 'group', title: 'Hooked' }, 'member'),
    };
    const post = (secret?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/telegram/webhook/${id}`,
        headers: secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret },
        payload: update,
      });
    expect((await post('wrong')).statusCode).toBe(401);
    expect((await post()).statusCode).toBe(401);
    expect((await post(`${hook.secret}x`)).statusCode).toBe(401);
    expect(await count(t, 'telegram_groups')).toBe(0);
    expect((await post(hook.secret)).statusCode).toBe(200);
    expect(await count(t, 'telegram_groups')).toBe(1);

    // Telegram's own report of failed deliveries (getWebhookInfo) becomes the bot's status.
    hook.lastError = 'Wrong response from the webhook: 502 Bad Gateway';
    await t.services.bots.refreshAll();
    const listed = (await t.call('GET', BOTS_PATHS.fetch, { token: owner.token })).body.data.list[0];
    expect(listed).toMatchObject({
      status: 'error',
      last_error: 'Wrong response from the webhook: 502 Bad Gateway',
      pending_updates: 0,
    });

    await t.call('POST', BOTS_PATHS.del, { token: owner.token, body: { ids: [id] } });
    expect(fake.webhookOf(bot.token)).toBeUndefined();
  });
});
