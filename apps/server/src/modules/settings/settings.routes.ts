import {
  adminSettingsSaveResponseSchema,
  adminSettingsSchema,
  adminSettingsUpdateSchema,
  publicSettingsResponseSchema,
  SETTINGS_PATHS,
  SITE_CLOSED_PAGE,
  testMailBodySchema,
  testMailResponseSchema,
} from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import type { AdminSettingsService } from './admin-settings.service.js';
import type { SettingsService } from './settings.service.js';
import { siteClosedPage } from './site-closed-page.js';

export interface SettingsRoutesDeps {
  settings: SettingsService;
  adminSettings: AdminSettingsService;
}

const tags = ['settings'];
const admin = { access: 'settings' as const };

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesDeps> = async (
  app,
  { settings, adminSettings },
) => {
  app.get(
    SETTINGS_PATHS.public,
    {
      config: { access: 'public', openWhenClosed: true },
      schema: { tags, response: { 200: publicSettingsResponseSchema } },
    },
    () => settings.publicSettings(),
  );

  app.get(
    SETTINGS_PATHS.fetch,
    { config: admin, schema: { tags, response: { 200: adminSettingsSchema } } },
    () => adminSettings.read(),
  );

  app.post(
    SETTINGS_PATHS.save,
    {
      config: admin,
      schema: { tags, body: adminSettingsUpdateSchema, response: { 200: adminSettingsSaveResponseSchema } },
    },
    (request) => adminSettings.save(request.body, actorOf(request)),
  );

  app.post(
    SETTINGS_PATHS.testMail,
    { config: admin, schema: { tags, body: testMailBodySchema, response: { 200: testMailResponseSchema } } },
    (request) => adminSettings.testMail(request.body.to, actorOf(request)),
  );

  app.get(SITE_CLOSED_PAGE, async (_request, reply) => {
    const { set } = await settings.publicSettings();
    // Once the site is open again the notice would be a lie: send visitors home.
    if (set.webclose !== 1) return reply.redirect('/');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(siteClosedPage(set));
  });
};
