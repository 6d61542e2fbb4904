import { BOTS_PATHS } from '@tally/contracts';
import type { FakeBotApi } from '../src/testing/fake-bot-api.js';
import { createTestApp, type TestApp } from './app.js';

/** Fast poller takeover and short long polls, so tests see updates and takeovers in well under a second. */
export const FAST_TELEGRAM = { telegram: { pollerRetryMs: 200, pollTimeoutSeconds: 1 } };

/** A test app on the fake Bot API that keeps its log lines (the token-never-leaks scans read them). */
export async function telegramAppWithLogs(fake: FakeBotApi) {
  const logs: string[] = [];
  const t = await createTestApp(
    { TELEGRAM_API_ROOT: fake.url },
    {
      logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
      ...FAST_TELEGRAM,
    },
  );
  return { t, logs };
}

/** Resolves with `fn`'s first truthy answer, polling every 50 ms. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  // A wait, not a speed check: notices go through the job queue, which a loaded machine slows down.
  ms = 20_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** HH:MM of `at` in Shanghai, the sites' default zone: a report time due right now. */
export const shanghaiTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** A new bot on the fake, added through the API by `token`'s user; its id. */
export async function addFakeBot(t: TestApp, fake: FakeBotApi, token: string) {
  const bot = fake.addBot();
  const res = await t.call('POST', BOTS_PATHS.save, { token, body: { bot_token: bot.token } });
  return { bot, id: res.body.data.id as number };
}

/** Most events within any window of `ms`. */
export function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
