import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyRevokeBodySchema,
  apiKeySchema,
  apiKeyUserQuerySchema,
} from './api-keys-schemas.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';

export * from './api-keys-constants.js';

/** 个人中心's API keys (own account: never a share-link client), and 用户管理's per user. */
export const API_KEYS_API = defineApi('api-keys', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/api2/apiKeys/fetch',
    access: 'account',
    summary: 'Your API keys (live, expired and recently revoked), newest first',
    response: apiKeyListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/api2/apiKeys/create',
    access: 'account',
    summary: 'Create an API key: the answer is the only time the key is shown',
    body: apiKeyCreateBodySchema,
    response: apiKeyCreatedSchema,
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/v1/api2/apiKeys/revoke',
    access: 'account',
    summary: 'Revoke one of your API keys (refused from its next call on)',
    body: apiKeyRevokeBodySchema,
    response: apiKeySchema,
  }),
  userFetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/apiKeys/fetch',
    access: 'users',
    summary: "A user's API keys",
    query: apiKeyUserQuerySchema,
    response: apiKeyListSchema,
  }),
  userRevoke: endpoint({
    method: 'POST',
    path: '/api/v1/admin/apiKeys/revoke',
    access: 'users',
    summary: "Revoke a user's API key",
    body: apiKeyRevokeBodySchema,
    response: apiKeySchema,
  }),
});

export const API_KEYS_PATHS = pathsOf(API_KEYS_API);
