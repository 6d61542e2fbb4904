import { describe, expect, it } from 'vitest';
import { SendLimits } from './send-limits.js';

/** Most events within any window of `ms`. */
function busiest(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('send pacing', () => {
  it('keeps a bot under its sends a second and a chat under its sends a window, other chats going on', async () => {
    const limits = new SendLimits({ perSecond: 50, perChat: 3, chatWindowMs: 400 });
    const at: Record<string, number[]> = { a: [], b: [] };
    const start = Date.now();
    await Promise.all([
      ...Array.from({ length: 7 }, () => limits.take('a').then((t) => at.a!.push(t))),
      ...Array.from({ length: 20 }, () => limits.take('b').then((t) => at.b!.push(t))),
    ]);
    expect(busiest(at.a!, 400)).toBeLessThanOrEqual(3);
    expect(busiest(at.b!, 400)).toBeLessThanOrEqual(3);
    expect(busiest([...at.a!, ...at.b!], 1000)).toBeLessThanOrEqual(50);
    // Seven sends at three a window need two full windows after the first three.
    expect(Math.max(...at.a!) - start).toBeGreaterThanOrEqual(800);
  });

  it('spaces one chat-less burst at the bot’s rate, even when the timers run late', async () => {
    const limits = new SendLimits({ perSecond: 20, perChat: 1000, chatWindowMs: 60_000 });
    const times: number[] = [];
    await Promise.all(Array.from({ length: 30 }, (_, i) => limits.take(`c${i}`).then((t) => times.push(t))));
    expect(busiest(times, 1000)).toBeLessThanOrEqual(20);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(49);
  });
});
