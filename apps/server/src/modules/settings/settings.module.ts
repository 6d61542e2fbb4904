import { defineModule } from '../../kernel/module.js';
import { createSealer } from '../../lib/sealed.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { SettingsRepository } from './settings.repository.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    settings: SettingsService;
    adminSettings: AdminSettingsService;
  }
}

/**
 * The settings store comes first: nearly every area reads it, mail included. The back office's view of
 * it sends test mail and writes audit rows, so it is a second module listed after mail and audit.
 */
export const settingsStoreModule = defineModule({
  name: 'settings-store',
  needs: [],
  services: ({ db, config, log }) => ({
    settings: new SettingsService(new SettingsRepository(db.orm), createSealer(config.appSecret), log),
  }),
});

export const settingsModule = defineModule({
  name: 'settings',
  needs: ['settings', 'audit', 'mail'],
  services: (d) => ({
    adminSettings: new AdminSettingsService(d.settings, d.audit, d.mail, d.db),
  }),
  routes: async (app, s) => app.register(settingsRoutes, s),
});
