import { randomBytes } from 'node:crypto';
import { BOTS_PATHS, formatMicros, tronAddressFromBytes } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { login, newUser, signedIn } from '../../../test/factories.js';
import { recharge } from '../../../test/money.js';
import { addFakeBot, telegramAppWithLogs, until } from '../../../test/telegram.js';
import { type FakeBot, FakeBotApi } from '../../testing/fake-bot-api.js';

const USDT = 1_000_000n;
const ADMIN_ACTOR = { userId: null, ip: '127.0.0.1' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('notices to a linked Telegram account (fake Bot API)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let logs: string[];
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let bot: FakeBot;
  let botId: number;
  let nextTelegramId = 5_000_001;

  beforeAll(async () => {
    fake = await new FakeBotApi().start();
    ({ t, logs } = await telegramAppWithLogs(fake));
    admin = await signedIn(t, ['admin']);
    ({ bot, id: botId } = await addFakeBot(t, fake, admin.token));
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  /** A user whose Telegram account (client language `lang`) said /start with the profile page's link. */
  async function linkedUser(lang: 'zh-hans' | 'en') {
    const user = await signedIn(t);
    const link = await t.call('POST', BOTS_PATHS.link, { token: user.token });
    const start = new URL(link.body.data.url).searchParams.get('start')!;
    const chatId = nextTelegramId++;
    const from = { id: chatId, first_name: 'Linked', language_code: lang };
    await fake.deliver(bot.token, fake.message({ id: chatId, type: 'private' }, `/start ${start}`, from));
    await until('linked', () => fake.textsTo(chatId).length > 0);
    return { ...user, chatId };
  }

  /** The one message to `chatId` containing `part` (waits for it, then makes sure no second one comes). */
  async function onlyNotice(chatId: number, part: string) {
    await until(`a notice with "${part}"`, () => fake.textsTo(chatId).some((text) => text.includes(part)));
    await pause(1200);
    const found = fake.textsTo(chatId).filter((text) => text.includes(part));
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  const sendsSoFar = () => fake.callsOf('sendMessage').length;

  it('a sign-in from an address the user never signed in from is told once, in the account’s language', async () => {
    const u = await linkedUser('en');
    await login(t, u.username, 'correct horse battery', '203.0.113.1'); // the first sign-in: nothing new
    await login(t, u.username, 'correct horse battery', '203.0.113.1');
    await login(t, u.username, 'correct horse battery', '198.51.100.7');
    const text = await onlyNotice(u.chatId, '198.51.100.7');
    expect(text).toContain('Your Tally account signed in from a new IP address: 198.51.100.7');
    await login(t, u.username, 'correct horse battery', '198.51.100.7');
    await login(t, u.username, 'correct horse battery', '203.0.113.1');
    await pause(1200);
    expect(fake.textsTo(u.chatId).filter((x) => x.includes('new IP'))).toHaveLength(1);
  });

  it('a recharge credited is told in Chinese with the new balance; one rolled back is not', async () => {
    const u = await linkedUser('zh-hans');
    await recharge(t, u.id, 12n * USDT);
    expect(await onlyNotice(u.chatId, '充值已到账')).toBe('💰 充值已到账：+12 USDT，当前余额 12 USDT。');
    // The same credit in a transaction that rolls back: the notice waits for a commit that never comes.
    await expect(recharge(t, u.id, 5n * USDT, { rollBack: true })).rejects.toThrow('rolled back');
    // An admin gives an unmatched chain transfer to the user (finance's own credit path).
    const to = tronAddressFromBytes(randomBytes(20));
    await t.services.usdtTransfers.store({
      txId: randomBytes(32).toString('hex'),
      eventIndex: 0,
      from: tronAddressFromBytes(randomBytes(20)),
      to,
      amount: 3n * USDT,
      blockTime: new Date(),
    });
    const [transfer] = await t.db.query<{ id: string }>(
      'select id from usdt_transfers where to_address = $1',
      [to],
    );
    await t.services.usdtTransfers.assign(
      { id: Number(transfer!.id), user_id: u.id, reason: 'paid to the old address' },
      ADMIN_ACTOR,
    );
    expect(await onlyNotice(u.chatId, '+3 USDT')).toBe('💰 充值已到账：+3 USDT，当前余额 15 USDT。');
    expect(fake.textsTo(u.chatId).filter((x) => x.includes('+5 USDT'))).toEqual([]);
  });

  it('withdrawals: approved, rejected with its reason, paid with its transaction', async () => {
    const u = await linkedUser('en');
    await recharge(t, u.id, 100n * USDT);
    const address = tronAddressFromBytes(randomBytes(20));
    const ask = () => t.services.withdrawals.create(u.id, { amount: 20n * USDT, address });
    const [a, b, c] = [await ask(), await ask(), await ask()];
    await t.services.withdrawals.approve(a.id, ADMIN_ACTOR);
    await t.services.withdrawals.reject(b.id, 'address on a blocklist', ADMIN_ACTOR);
    await t.services.withdrawals.approve(c.id, ADMIN_ACTOR);
    await t.services.withdrawals.markPaid(c.id, 'f'.repeat(64), ADMIN_ACTOR);
    expect(await onlyNotice(u.chatId, `Withdrawal #${a.id} `)).toBe(
      `🏦 Withdrawal #${a.id} (20 USDT) was approved and awaits payment.`,
    );
    expect(await onlyNotice(u.chatId, `Withdrawal #${b.id} `)).toBe(
      `🏦 Withdrawal #${b.id} (20 USDT) was rejected: address on a blocklist. The amount and fee are back in your balance.`,
    );
    const ofC = () => fake.textsTo(u.chatId).filter((x) => x.includes(`Withdrawal #${c.id} `));
    await until('both notices of the paid withdrawal', () => ofC().length >= 2);
    expect(ofC()).toEqual([
      `🏦 Withdrawal #${c.id} (20 USDT) was approved and awaits payment.`,
      `🏦 Withdrawal #${c.id} (20 USDT) was paid. Transaction: ${'f'.repeat(64)}`,
    ]);
  });

  it('an order paid is told with its number, plan and total', async () => {
    const u = await linkedUser('zh-hans');
    await recharge(t, u.id, 50n * USDT);
    const plan = await t.services.plans.save(
      {
        name_zh: '专业版',
        name_en: 'Pro',
        description_zh: '',
        description_en: '',
        prices: { month: 10n * USDT, quarter: null, half_year: null, year: null, onetime: null },
        limits: { sites: 5, monthly_pageviews: 1000, bots: 1, retention_days: 30 },
        on_sale: true,
        sort: 0,
      },
      ADMIN_ACTOR,
    );
    const order = await t.services.orders.create(u.id, { plan_id: plan.id, period: 'month' });
    const paid = await t.services.orders.pay(u.id, order.id);
    expect(await onlyNotice(u.chatId, paid.no)).toBe(
      `🧾 订单 ${paid.no} 已支付：专业版，${paid.total} USDT。`,
    );
  });

  it('quota warnings, in both languages', async () => {
    const zh = await linkedUser('zh-hans');
    const en = await linkedUser('en');
    await t.services.notices.tell(zh.id, { kind: 'quota_80', month: '2026-11', used: 8000, limit: 10000 });
    await t.services.notices.tell(en.id, { kind: 'quota_100', month: '2026-11', used: 10000, limit: 10000 });
    expect(await onlyNotice(zh.chatId, '2026-11')).toBe(
      '⚠️ 2026-11 月的页面浏览量已达套餐配额的 80%（8000 / 10000）。',
    );
    expect(await onlyNotice(en.chatId, '2026-11')).toBe(
      "⛔ Your sites have used all of the plan's page views for 2026-11 (10000 of 10000). Visits are still counted; upgrade the plan.",
    );
  });

  it('nothing is sent to a user with no linked account, nor through a disabled bot', async () => {
    const unlinked = await newUser(t);
    const linked = await linkedUser('en');
    const before = sendsSoFar();
    const jobsBefore = await t.db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'telegram.notice'`,
    );
    await t.call('POST', BOTS_PATHS.switch, { token: admin.token, body: { id: botId, status: false } });
    for (const u of [unlinked, linked]) {
      await recharge(t, u.id, 30n * USDT);
      await login(t, u.username, u.password, '192.0.2.1');
      await login(t, u.username, u.password, '192.0.2.2');
      await t.services.notices.tell(u.id, { kind: 'quota_80', month: '2026-11', used: 8, limit: 10 });
    }
    await pause(1500);
    expect(sendsSoFar()).toBe(before);
    const jobsAfter = await t.db.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'telegram.notice'`,
    );
    expect(jobsAfter[0]!.n).toBe(jobsBefore[0]!.n); // not even queued
    await t.call('POST', BOTS_PATHS.switch, { token: admin.token, body: { id: botId, status: true } });
  });

  it('a slow Telegram never holds up the money: the credit returns at once, its notice after the 429', async () => {
    const u = await linkedUser('en');
    fake.failWith429('sendMessage', 1, 2);
    const started = Date.now();
    await recharge(t, u.id, 7n * USDT);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await onlyNotice(u.chatId, '+7 USDT')).toContain(`balance is now ${formatMicros(7n * USDT)} USDT`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('the bot token appears in no log line and no queued notice', async () => {
    const secret = bot.token.split(':')[1]!;
    const jobs = await t.db.query<{ row: string }>(
      `select row_to_json(j)::text as row from pgboss.job j where name = 'telegram.notice'`,
    );
    expect(jobs.length).toBeGreaterThan(0);
    for (const text of [...logs, ...jobs.map((j) => j.row)]) expect(text).not.toContain(secret);
  });
});
