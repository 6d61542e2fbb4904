import { apiContext, call, loginToken } from './api';

/** Saves settings as the admin through the API (for set-up and to undo what a test changed). */
export async function saveSettings(body: Record<string, unknown>): Promise<void> {
  const ctx = await apiContext(await loginToken('admin'));
  try {
    await call(ctx, 'POST', '/api/v1/admin/setting/save', body);
  } finally {
    await ctx.dispose();
  }
}

/** What the suite expects when no test has changed anything. */
export const DEFAULT_SITE = { webtitle: '系统后台', webclose: 0 } as const;
