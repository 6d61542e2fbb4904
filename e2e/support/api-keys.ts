import { randomInt } from 'node:crypto';
import { API_KEYS_PATHS, type ApiKeyCreated, type ApiKeyList, REPORT_API } from '@tally/contracts';
import { apiContext, call, loginToken } from './api';

/** The key of bob's 个人中心 in the screenshots. */
export const SAMPLE_KEY_NAME = 'Nightly report export';

/**
 * A key for the screenshots' API keys card, with the longest lines it shows: two scopes, an expiry,
 * allowed addresses and a last use (made once: a second run finds it and keeps it).
 */
export async function seedApiKey(): Promise<void> {
  const ctx = await apiContext(await loginToken('bob'));
  try {
    const { list } = await call<ApiKeyList>(ctx, 'GET', API_KEYS_PATHS.fetch);
    if (list.some((k) => k.name === SAMPLE_KEY_NAME && k.status === 'active')) return;
    const { key } = await call<ApiKeyCreated>(ctx, 'POST', API_KEYS_PATHS.create, {
      name: SAMPLE_KEY_NAME,
      scopes: ['reports:read', 'sites'],
      expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      allowed_ips: ['198.51.100.0/24', '2001:db8:1234::/48'],
    });
    const keyCtx = await apiContext();
    try {
      // From an allowed address: the card then shows its last use.
      const res = await keyCtx.get(REPORT_API.all.path, {
        headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` },
      });
      if (!res.ok()) throw new Error(`the sample key's first use: HTTP ${res.status()}`);
    } finally {
      await keyCtx.dispose();
    }
  } finally {
    await ctx.dispose();
  }
}
