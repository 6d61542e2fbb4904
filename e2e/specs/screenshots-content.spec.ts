import { type SampleContent, seedSampleContent } from '../support/content';
import { test } from '../support/fixtures';
import { screenshotSuite } from '../support/screenshots';
import { saveSettings } from '../support/settings';
import { seedShortLinks } from '../support/short-links';
import { seedTelegram } from '../support/telegram';

/** Screens of issue 6 (public site, settings, files, articles) in both languages at 1280px and 375px. */
let sample: SampleContent;

const PUBLIC_EXTRAS = {
  indexNotice2: '新版地域报表上线：支持按省份筛选。',
  indexNotice3: '客服在线时间：每天 9:00–22:00。',
  kefu_link: 'https://t.me/tally_support',
  group_link: 'https://t.me/tally_group',
  email: 'support@example.com',
};

test.beforeAll(async () => {
  sample = await seedSampleContent();
  await seedTelegram();
  const [, banner] = sample.images;
  await saveSettings({
    ...PUBLIC_EXTRAS,
    ads: [
      { title: '年付八折', image: banner!.url, link: '/price', position: 'home', order: 0, enabled: true },
      {
        title: '新手教程',
        image: banner!.url,
        link: '/articles',
        position: 'articles',
        order: 0,
        enabled: true,
      },
    ],
  });
});

test.afterAll(() =>
  saveSettings({ indexNotice2: '', indexNotice3: '', kefu_link: '', group_link: '', email: '', ads: [] }),
);

/** Two short links, one with clicks from a few browsers and referrers, for the 短链管理 shots. */
const shortLinkSample = { before: () => seedShortLinks(), after: async () => undefined };

const SETTING_TABS = ['basic', 'notices', 'ads', 'tracking', 'mail', 'registration', 'system'];

screenshotSuite([
  { name: 'bots', path: '/bots/botsList', ready: 'bots-table', as: 'alice' },
  { name: 'groups', path: '/groups/groups', ready: 'groups-table', as: 'admin' },
  { name: 'home', path: '/home', ready: 'home-notices' },
  { name: 'service', path: '/service', ready: 'public-contacts' },
  { name: 'articles', path: '/articles', ready: 'article-list' },
  { name: 'article', path: () => `/article/${sample.articleId}`, ready: 'article-reader' },
  {
    name: 'beian',
    path: '/beian.html',
    ready: (page) => page.getByRole('heading'),
    around: { before: () => saveSettings({ webclose: 1 }), after: () => saveSettings({ webclose: 0 }) },
  },
  ...SETTING_TABS.map((tab) => ({
    name: `setting-${tab}`,
    path: `/admin/setting?tab=${tab}`,
    ready: `settings-form-${tab}`,
    as: 'admin' as const,
  })),
  { name: 'files-grid', path: '/admin/files', ready: 'files-grid', as: 'admin' },
  { name: 'files-table', path: '/admin/files?view=table', ready: 'files-table', as: 'admin' },
  { name: 'content-list', path: '/admin/contentList', ready: 'articles-table', as: 'admin' },
  {
    name: 'audit-log',
    path: '/admin/auditLog',
    ready: 'audit-table',
    as: 'admin',
    // The settings saved in beforeAll are its newest row: open it to show before and after.
    prepare: (page) => page.locator('.ant-table-row-expand-icon').first().click(),
  },
  { name: 'mail-log', path: '/admin/mailLog', ready: 'mail-log-table', as: 'admin' },
  // wendy's statement (seed.mjs): both balances and five entries of 资金明细.
  { name: 'wallet', path: '/user/wallet', ready: 'ledger-table', as: 'wendy' },
  { name: 'console', path: '/dashboard', ready: 'console-users_total', as: 'admin' },
  {
    name: 'short-links',
    path: '/admin/shortUrl',
    ready: 'short-links-table',
    as: 'admin',
    around: shortLinkSample,
  },
  {
    name: 'short-link-detail',
    path: '/admin/shortUrl',
    ready: 'short-links-table',
    as: 'admin',
    around: shortLinkSample,
    prepare: async (page) => {
      await page.getByTestId('short-link-details').first().click();
      await page.getByTestId('short-link-qr').waitFor();
    },
  },
  { name: 'content-create', path: '/admin/contentcreate', ready: 'rich-text-content', as: 'editor' },
  {
    name: 'content-edit',
    path: () => `/admin/contentcreate/${sample.articleId}`,
    ready: 'rich-text-content',
    as: 'editor',
  },
]);
