import { test as base, expect, type Page } from '@playwright/test';
import type { AccountName } from './accounts';
import { loginToken, randomClientIp } from './api';

export interface SessionOptions {
  /** Site cookies as the app writes them: JSON of the site summary. */
  site?: { id: number; name: string; domain?: string };
}

interface Fixtures {
  /** Signs `name` in by storing a fresh token in the x-token cookie, as a login would. */
  signIn(name: AccountName, options?: SessionOptions): Promise<string>;
}

export const test = base.extend<Fixtures>({
  // Every test speaks from its own client address: the server throttles logins per IP.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': randomClientIp() });
  },
  signIn: async ({ context, baseURL }, use) => {
    await use(async (name, options = {}) => {
      const token = await loginToken(name);
      const url = baseURL!;
      const cookies = [
        { name: 'x-token', value: token, url },
        { name: 'username', value: name, url },
      ];
      if (options.site)
        cookies.push({ name: 'app_site', value: encodeURIComponent(JSON.stringify(options.site)), url });
      await context.addCookies(cookies);
      return token;
    });
  },
});

export { expect };

/** Menu entries of the sidebar, as "group > leaf" titles, in order; opens every group first. */
export async function menuTitles(page: Page): Promise<string[]> {
  const menu = page.getByTestId('sidebar-menu');
  await expect(menu).toBeVisible();
  for (;;) {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return menu.evaluate((root) => {
    const out: string[] = [];
    const walk = (ul: Element, prefix: string) => {
      for (const li of Array.from(ul.children)) {
        if (li.classList.contains('ant-menu-submenu')) {
          const title =
            li.querySelector(':scope > .ant-menu-submenu-title .ant-menu-title-content')?.textContent ?? '';
          const sub = li.querySelector(':scope > ul');
          if (sub) walk(sub, `${prefix}${title} > `);
        } else if (li.classList.contains('ant-menu-item')) {
          out.push(prefix + (li.querySelector('.ant-menu-title-content')?.textContent ?? ''));
        }
      }
    };
    walk(root, '');
    return out;
  });
}
