import { SETTINGS_API, SITE_CLOSED_PAGE } from '@tally/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf } from '../../plugins/auth.js';
import type { AdminSettingsService } from './admin-settings.service.js';
import type { SettingsService } from './settings.service.js';
import { siteClosedPage } from './site-closed-page.js';

export interface SettingsRoutesDeps {
  settings: SettingsService;
  adminSettings: AdminSettingsService;
}

export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesDeps> = async (
  app,
  { settings, adminSettings },
) => {
  routes(app, SETTINGS_API, {
    public: () => settings.publicSettings(),
    fetch: () => adminSettings.read(),
    save: (body, request) => adminSettings.save(body, actorOf(request)),
    testMail: (body, request) => adminSettings.testMail(body.to, actorOf(request)),
  });

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
