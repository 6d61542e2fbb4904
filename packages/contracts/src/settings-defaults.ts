import type { PublicSettings } from './settings.js';

/** The public settings' defaults, without zod (settings.ts has the schemas): the web's first load needs them. */
export const DEFAULT_WEBTITLE = '系统后台';

/** What `data.set` holds before an admin changes anything; server defaults and client state start here. */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  webtitle: DEFAULT_WEBTITLE,
  weburl: '',
  webclose: 0,
  kefu_link: '',
  group_link: '',
  email: '',
  indexNotice: '',
  indexNotice2: '',
  indexNotice3: '',
  tjDomains: '[]',
};
