import { SHORT_LINK_PATHS } from '@tally/contracts';
import { apiContext, call, loginToken } from './api';

const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
];
const FROM = [
  ['61.135.169.121', 'https://www.baidu.com/s?wd=tally'],
  ['202.96.134.133', 'https://weibo.com/u/1'],
  ['8.8.8.8', ''],
] as const;

/** Links for the screenshots (made once: a second run finds the codes taken and keeps them). */
export async function seedShortLinks(): Promise<void> {
  const ctx = await apiContext(await loginToken('admin'));
  try {
    const { list } = await call<{ list: { code: string }[] }>(
      ctx,
      'GET',
      `${SHORT_LINK_PATHS.fetch}?keyword=promo-2026`,
    );
    if (list.length > 0) return;
    await call(ctx, 'POST', SHORT_LINK_PATHS.save, {
      code: 'launch',
      target: 'https://example.com/blog/launch-week',
      title: '发布周活动',
      max_visits: 5000,
    });
    await call(ctx, 'POST', SHORT_LINK_PATHS.save, {
      code: 'promo-2026',
      target: 'https://example.com/pricing?utm_source=short&utm_campaign=spring',
      title: '春季促销',
      expires_at: '2026-12-31T15:59:59Z',
    });
    for (let i = 0; i < 24; i++) {
      const [ip, referer] = FROM[i % FROM.length]!;
      await ctx.get('/s/promo-2026', {
        maxRedirects: 0,
        headers: {
          'user-agent': BROWSERS[i % BROWSERS.length]!,
          'x-forwarded-for': ip,
          ...(referer ? { referer } : {}),
        },
      });
    }
    // Clicks are written in batches a moment after the redirects.
    await new Promise((resolve) => setTimeout(resolve, 600));
  } finally {
    await ctx.dispose();
  }
}
