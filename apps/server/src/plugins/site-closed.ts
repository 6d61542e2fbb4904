import type { PublicSettingsResponse } from '@tally/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { siteClosed } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Still answers for everyone while the site is closed (sign-in, the public settings, logout). */
    openWhenClosed?: boolean;
  }
}

export interface SiteClosedOptions {
  /** Both cached by the settings service; the payload is built only when the site is closed. */
  webclose(): Promise<number>;
  publicSettings(): Promise<PublicSettingsResponse>;
}

/**
 * webclose = 1 closes the API to everyone but admins (seed section 8). Runs after the auth plugin,
 * so the session is known; admins keep every call, so they can always switch the site back on.
 */
async function siteClosedPlugin(app: FastifyInstance, opts: SiteClosedOptions) {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config?.access || config.openWhenClosed) return;
    if (request.auth?.roles.includes('admin')) return;
    if ((await opts.webclose()) === 1) throw siteClosed(await opts.publicSettings());
  });
}

export default fp(siteClosedPlugin, { name: 'site-closed', dependencies: ['auth'] });
