import { describe, expect, it } from 'vitest';
import { ADMIN_USER_API } from './admin-users.js';
import { API_KEYS_API, apiKeyReaches, apiKeyScopesFor } from './api-keys.js';
import { apiKeyCreateBodySchema } from './api-keys-schemas.js';
import { USER_API } from './auth.js';
import { REPORT_API } from './reports.js';
import { SITES_API } from './sites.js';

describe('API key scopes', () => {
  it('offers an account only the scopes its roles can use', () => {
    expect(apiKeyScopesFor(['user'])).toEqual(['reports:read', 'sites', 'finance:read']);
    expect(apiKeyScopesFor(['admin'])).toEqual([
      'reports:read',
      'sites',
      'finance:read',
      'admin:read',
      'admin',
    ]);
    expect(apiKeyScopesFor(['client'])).toEqual(['reports:read']);
  });

  it('reads with a read scope, writes only with a writing one, and never manages the account', () => {
    expect(apiKeyReaches(['reports:read'], REPORT_API.overview)).toBe(true);
    expect(apiKeyReaches(['reports:read'], SITES_API.fetch)).toBe(true);
    expect(apiKeyReaches(['reports:read'], SITES_API.save)).toBe(false);
    expect(apiKeyReaches(['sites'], SITES_API.save)).toBe(true);
    expect(apiKeyReaches(['admin:read'], ADMIN_USER_API.fetch)).toBe(true);
    expect(apiKeyReaches(['admin:read'], ADMIN_USER_API.save)).toBe(false);
    expect(apiKeyReaches(['admin'], ADMIN_USER_API.save)).toBe(true);
    expect(apiKeyReaches(['admin'], ADMIN_USER_API.resetPassword)).toBe(false);
    expect(apiKeyReaches(['reports:read'], USER_API.info)).toBe(true);
    expect(apiKeyReaches(['admin'], USER_API.changePassword)).toBe(false);
    expect(apiKeyReaches(['admin'], USER_API.logout)).toBe(false);
    for (const call of Object.values(API_KEYS_API))
      expect(apiKeyReaches(['admin', 'sites'], call)).toBe(false);
    expect(apiKeyReaches(['no such scope'], REPORT_API.overview)).toBe(false);
  });

  it('takes a name, one or more distinct scopes, an expiry and addresses', () => {
    const ok = apiKeyCreateBodySchema.safeParse({
      name: 'x',
      scopes: ['sites'],
      allowed_ips: ['10.0.0.0/8'],
    });
    expect(ok.success && ok.data).toEqual({
      name: 'x',
      scopes: ['sites'],
      expires_at: null,
      allowed_ips: ['10.0.0.0/8'],
    });
    expect(apiKeyCreateBodySchema.safeParse({ name: 'x', scopes: ['sites', 'sites'] }).success).toBe(false);
    expect(apiKeyCreateBodySchema.safeParse({ name: 'x', scopes: ['root'] }).success).toBe(false);
    expect(
      apiKeyCreateBodySchema.safeParse({ name: 'x', scopes: ['sites'], allowed_ips: ['x'] }).success,
    ).toBe(false);
  });
});
