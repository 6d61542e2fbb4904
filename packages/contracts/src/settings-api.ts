import {
  adminSettingsSaveResponseSchema,
  adminSettingsSchema,
  adminSettingsUpdateSchema,
  publicSettingsResponseSchema,
  testMailBodySchema,
  testMailResponseSchema,
} from './admin-settings-schemas.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';

// Its own module, apart from the settings' schemas: every public page reads `SETTINGS_API.public`, and
// the web drops a descriptor's schemas, so the public pages' first load carries neither the settings
// schemas nor what they use (the TRON address check and its hashing).

/** The settings calls; `public` is for any visitor, the others for admins (the `settings` access area). */
export const SETTINGS_API = defineApi('settings', {
  /**
   * Public, any visitor (signed in or not): `{ set, ads }`, so the web learns webclose before sign-in;
   * it still answers while the site is closed (`openWhenClosed`).
   */
  public: endpoint({
    method: 'GET',
    path: '/api/v1/api2/setting/public',
    access: 'public',
    openWhenClosed: true,
    summary: 'The public settings (set) and ads, for any visitor',
    response: publicSettingsResponseSchema,
  }),
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/setting/fetch',
    access: 'settings',
    summary: 'Every setting an admin edits (secrets only as whether they are set)',
    response: adminSettingsSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v1/admin/setting/save',
    access: 'settings',
    summary: 'Change some settings; answers all settings and the keys that changed',
    body: adminSettingsUpdateSchema,
    response: adminSettingsSaveResponseSchema,
  }),
  testMail: endpoint({
    method: 'POST',
    path: '/api/v1/admin/setting/testMail',
    access: 'settings',
    summary: 'Send a test mail with the current mail settings',
    body: testMailBodySchema,
    response: testMailResponseSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const SETTINGS_PATHS = pathsOf(SETTINGS_API);
