import { screenshotSuite } from '../support/screenshots';

/** Screens of issue 6 (public site, settings, files, articles) in both languages at 1280px and 375px. */
const SETTING_TABS = ['basic', 'notices', 'ads', 'tracking', 'mail', 'registration', 'system'];

screenshotSuite([
  { name: 'home', path: '/home', ready: 'public-brand' },
  { name: 'service', path: '/service', ready: 'service-terms' },
  ...SETTING_TABS.map((tab) => ({
    name: `setting-${tab}`,
    path: `/admin/setting?tab=${tab}`,
    ready: `settings-form-${tab}`,
    as: 'admin' as const,
  })),
]);
