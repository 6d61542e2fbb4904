import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOwner } from '../../../test/analytics-factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { addFakeBot, busiest } from '../../../test/telegram.js';
import { FakeBotApi } from '../../testing/fake-bot-api.js';
import { PaceRepository } from './pace.repository.js';
import { type SendLimitOptions, SendLimits } from './send-limits.js';

describe('send pacing (slots in the database)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    fake = await new FakeBotApi().start();
    t = await createTestApp({ TELEGRAM_API_ROOT: fake.url });
    token = (await newOwner(t, ['admin'])).token;
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const limiter = async (opts: SendLimitOptions) => {
    const { id } = await addFakeBot(t, fake, token);
    return (botId = id) => new SendLimits(botId, new PaceRepository(t.db), opts);
  };

  it('keeps a bot under its sends a second and a chat under its sends a window, other chats going on', async () => {
    const limits = (await limiter({ perSecond: 50, perChat: 3, chatWindowMs: 400 }))();
    const at: Record<string, number[]> = { a: [], b: [] };
    const start = Date.now();
    await Promise.all([
      ...Array.from({ length: 7 }, () => limits.take('a').then(() => at.a!.push(Date.now()))),
      ...Array.from({ length: 20 }, () => limits.take('b').then(() => at.b!.push(Date.now()))),
    ]);
    expect(busiest(at.a!, 400)).toBeLessThanOrEqual(3);
    expect(busiest(at.b!, 400)).toBeLessThanOrEqual(3);
    expect(busiest([...at.a!, ...at.b!], 1000)).toBeLessThanOrEqual(50);
    // Seven sends at three a window need two full windows after the first three.
    expect(Math.max(...at.a!) - start).toBeGreaterThanOrEqual(800);
    // Chat b's twenty sends took their windows too, and a's waits did not hold b back.
    expect(Math.max(...at.b!) - start).toBeGreaterThanOrEqual(6 * 400);
  });

  it('two limiters of one bot (as in two processes) share its slots; another bot has its own', async () => {
    const of = await limiter({ perSecond: 20, perChat: 1000, chatWindowMs: 60_000 });
    const [first, second] = [of(), of()];
    const other = (await limiter({ perSecond: 20, perChat: 1000, chatWindowMs: 60_000 }))();
    const times: number[] = [];
    const others: number[] = [];
    const start = Date.now();
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => first.take(`c${i}`).then(() => times.push(Date.now()))),
      ...Array.from({ length: 15 }, (_, i) => second.take(`d${i}`).then(() => times.push(Date.now()))),
      ...Array.from({ length: 15 }, (_, i) => other.take(`e${i}`).then(() => others.push(Date.now()))),
    ]);
    expect(busiest(times, 1000)).toBeLessThanOrEqual(20);
    // Thirty sends at twenty a second take at least 29 intervals of 50 ms.
    expect(Math.max(...times) - start).toBeGreaterThanOrEqual(29 * 50);
    // The other bot sent beside them: some second holds more than one bot's twenty, which shared slots
    // would forbid. (Not a bound on its duration, which a loaded machine stretches.)
    expect(busiest([...times, ...others], 1000)).toBeGreaterThan(20);
  });
});
