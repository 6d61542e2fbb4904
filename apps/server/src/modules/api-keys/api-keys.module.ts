import { API_KEYS_API } from '@tally/contracts';
import { defineModule } from '../../kernel/module.js';
import { routes } from '../../lib/endpoint-routes.js';
import { actorOf, ownAccountId, requireAuth } from '../../plugins/auth.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';

declare module '../../kernel/module.js' {
  interface ServiceRegistry {
    /** Personal API keys (`Authorization: Bearer tly_…`): see this area's README. */
    apiKeys: ApiKeysService;
  }
}

export const apiKeysModule = defineModule({
  name: 'api-keys',
  needs: ['sessions', 'throttle', 'audit', 'users'],
  services: ({ db, sessions, throttle, audit, users }) => {
    const apiKeys = new ApiKeysService({ repo: new ApiKeysRepository(db.orm), audit, throttle, db });
    // The auth plugin resolves `Authorization: Bearer` through the sessions service.
    sessions.useBearer(apiKeys);
    users.onPasswordChange((userId) => apiKeys.revokeAllOf(userId));
    return { apiKeys };
  },
  routes: async (app, { apiKeys }) =>
    routes(app, API_KEYS_API, {
      fetch: (_query, request) => apiKeys.list(ownAccountId(request)),
      create: (body, request) =>
        apiKeys.create(
          { userId: ownAccountId(request), roles: requireAuth(request).roles },
          body,
          actorOf(request),
        ),
      revoke: (body, request) => apiKeys.revoke(body.id, actorOf(request), ownAccountId(request)),
      userFetch: (query) => apiKeys.list(query.user_id),
      userRevoke: (body, request) => apiKeys.revoke(body.id, actorOf(request)),
    }),
});
