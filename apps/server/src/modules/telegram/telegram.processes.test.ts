import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUPS_PATHS } from '@tally/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner, newSite } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp, testConfig } from '../../../test/app.js';
import { testDatabaseUrl } from '../../../test/database.js';
import { addFakeBot, busiest, FAST_TELEGRAM, shanghaiTime, until } from '../../../test/telegram.js';
import { appOnDatabase } from '../../../test/telegram-child.js';
import type { BuildOptions } from '../../app.js';
import { FakeBotApi } from '../../testing/fake-bot-api.js';

/** Another app process's worth of services on the same database (its own pool and lock connection). */
async function sameDatabaseApp(url: string, env: Record<string, string>, opts: Partial<BuildOptions> = {}) {
  const config = testConfig(await mkdtemp(path.join(tmpdir(), 'tally-test-')), env);
  return appOnDatabase(url, config, { jobPollingSeconds: 0.5, ...FAST_TELEGRAM, ...opts });
}

function holder(
  url: string,
  apiRoot: string,
  botId: number,
): { child: ChildProcess; holding: Promise<void> } {
  const script = path.resolve(import.meta.dirname, '../../../test/telegram-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, url, apiRoot, String(botId)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const holding = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes(`holding ${botId}`) && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, holding };
}

/** A sending process (test/telegram-sender.ts): resolves `ready` once built, `done` after its sends. */
function sender(url: string, apiRoot: string, limits: object, groups: number[], actorId: number) {
  const script = path.resolve(import.meta.dirname, '../../../test/telegram-sender.ts');
  const args = [url, apiRoot, JSON.stringify(limits), JSON.stringify(groups), String(actorId)];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes(word) && resolve());
      child.once('exit', (code) => reject(new Error(`sender exited with ${code} before "${word}"`)));
    });
  return { child, ready: said('ready'), done: said('done'), go: () => child.stdin!.write('go\n') };
}

describe.skipIf(!testDatabaseUrl())('telegram across processes (PostgreSQL)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof newOwner>>;

  beforeAll(async () => {
    fake = await new FakeBotApi().start();
    // This process only serves: pollers run in the processes the tests start.
    t = await createTestApp({ TELEGRAM_API_ROOT: fake.url, ROLE: 'serve' }, FAST_TELEGRAM);
    owner = await newOwner(t, ['admin']);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('one poller per bot; when its process dies another process takes the bot over within seconds', async () => {
    const { bot, id: botId } = await addFakeBot(t, fake, owner.token);
    const first = holder(t.databaseUrl!, fake.url, botId);
    await first.holding;
    const second = await sameDatabaseApp(t.databaseUrl!, { TELEGRAM_API_ROOT: fake.url });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expect(second.services.telegramRuntime.polling(botId)).toBe(false);
      expect(fake.maxConcurrentPolls).toBe(1);

      const died = Date.now();
      first.child.kill('SIGKILL');
      await until('the takeover', () => second.services.telegramRuntime.polling(botId));
      const takeoverMs = Date.now() - died;
      console.log(`takeover after ${takeoverMs} ms`);
      expect(takeoverMs).toBeLessThan(10_000);

      await fake.deliver(bot.token, fake.myChatMember({ id: -77, type: 'group', title: 'After' }, 'member'));
      const list = await until('the group', async () => {
        const res = await t.call('GET', GROUPS_PATHS.fetch, { token: owner.token });
        return res.body.data.list.length > 0 && res.body.data.list;
      });
      expect(list[0]).toMatchObject({ chat_id: -77, title: 'After' });
      expect(fake.maxConcurrentPolls).toBe(1);
    } finally {
      first.child.kill('SIGKILL');
      await second.close();
    }
  }, 60_000);

  it('two processes sending for one bot together stay within its rate and each chat’s window', async () => {
    const { bot, id: botId } = await addFakeBot(t, fake, owner.token);
    const groupIds: number[] = [];
    for (let i = 0; i < 81; i++) {
      const chat = await t.services.telegramChats.learn(
        { botId, chatId: -880000 - i, title: `G${i}`, type: 'group', status: 'member', at: new Date() },
        async () => 3,
      );
      groupIds.push(chat.id);
    }
    const [busy, ...others] = groupIds as [number, ...number[]];
    // Telegram's 30 a second; the chat window shortened from a minute to 2 s so the test takes seconds.
    const limits = { perSecond: 30, perChat: 6, chatWindowMs: 2000 };
    const mine = (half: number) => [...others.slice(half * 40, half * 40 + 40), ...Array(8).fill(busy)];
    const senders = [0, 1].map((half) => sender(t.databaseUrl!, fake.url, limits, mine(half), owner.id));
    try {
      await Promise.all(senders.map((s) => s.ready));
      const from = fake.calls.length;
      for (const s of senders) s.go();
      await Promise.all(senders.map((s) => s.done));
      const sends = fake.calls.slice(from).filter((c) => c.method === 'sendMessage' && c.token === bot.token);
      expect(sends).toHaveLength(96);
      expect(new Set(sends.map((c) => String(c.params.text).split('-')[0])).size).toBe(2);
      const all = sends.map((c) => c.at);
      const toBusy = sends.filter((c) => Number(c.params.chat_id) === -880000).map((c) => c.at);
      console.log(
        `two processes: ${sends.length} sends in ${Math.max(...all) - Math.min(...all)} ms, busiest second ${busiest(all, 1000)} (limit 30), busiest chat window ${busiest(toBusy, 2000)} (limit 6)`,
      );
      expect(busiest(all, 1000)).toBeLessThanOrEqual(30);
      expect(toBusy).toHaveLength(16);
      expect(busiest(toBusy, 2000)).toBeLessThanOrEqual(6);
    } finally {
      for (const s of senders) s.child.kill('SIGKILL');
    }
  }, 90_000);

  it('a daily report goes out once at its time with two worker processes scanning', async () => {
    const { id: botId } = await addFakeBot(t, fake, owner.token);
    const site = await newSite(t, owner, { name: 'Twice' });
    await t.services.telegramChats.learn(
      { botId, chatId: -31337, title: 'Reports', type: 'group', status: 'member', at: new Date() },
      async () => 3,
    );
    const group = (await t.call('GET', `${GROUPS_PATHS.fetch}?bot_id=${botId}`, { token: owner.token })).body
      .data.list[0];
    const now = new Date();
    const time = shanghaiTime(now);
    await t.call('POST', GROUPS_PATHS.bind, {
      token: owner.token,
      body: { id: group.id, site_id: site.id, time },
    });

    const workers = await Promise.all(
      [1, 2].map(() => sameDatabaseApp(t.databaseUrl!, { TELEGRAM_API_ROOT: fake.url, ROLE: 'worker' })),
    );
    try {
      const results = await Promise.all(
        workers.flatMap((w) => [
          w.services.telegramReports.runDue(now),
          w.services.telegramReports.runDue(now),
        ]),
      );
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
      expect(fake.textsTo(-31337).length).toBe(1);
      expect(fake.textsTo(-31337)[0]).toContain('Twice');
    } finally {
      for (const w of workers) await w.close();
    }
  }, 60_000);
});
