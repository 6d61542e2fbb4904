import { z } from 'zod';
import { ACCESS, type AccessArea } from './access.js';
import { defineApi, type Endpoint, endpoint, pathsOf } from './endpoint.js';
import { hasAnyRole } from './roles.js';
import { ignoredIpSchema } from './sites-schemas.js';
import { plainText, storableString } from './text.js';

/**
 * Personal API keys for scripts: `Authorization: Bearer tly_…` beside the session's `X-Token`. A key
 * acts as its owner, narrowed by its scopes: it reaches an area only when one of its scopes names the
 * area (writes only when that scope writes) *and* the owner's roles reach it in `ACCESS`, checked on
 * every call, so a key never does more than its owner may do today.
 */
export const API_KEY_PREFIX = 'tly_';

/** What 个人中心 shows of a key after its creation: the prefix and this many characters. */
export const API_KEY_SHOWN_CHARS = 8;

/** Keys an account may hold at once (revoked ones not counted). */
export const API_KEYS_PER_USER = 20;

/** Calls a key may make per minute (each key counted on its own); more are answered 429. */
export const API_KEY_RATE_PER_MINUTE = 300;

const REPORT_AREAS = ['dashboard', 'sitesGroup', 'analytics', 'siteOverview', 'siteReports'] as const;
const BACK_OFFICE_AREAS = [
  'adminGroup',
  'settings',
  'files',
  'articles',
  'users',
  'console',
  'groups',
  'finance',
  'orders',
  'queue',
  'tickets',
  'shortLinks',
] as const;

interface ScopeRule {
  /** The access areas this scope opens. */
  areas: readonly AccessArea[];
  /** Whether it opens their changing calls too (anything but GET); otherwise it reads only. */
  write: boolean;
}

/**
 * The scopes a key may carry, each a named set of `ACCESS` areas. `finance:read` reads the owner's
 * own money pages (the `account` area: wallet, recharges, withdrawals, orders, invites, tickets) and,
 * for an admin, 财务管理 and 订单管理.
 */
export const API_KEY_SCOPES = {
  'reports:read': { areas: REPORT_AREAS, write: false },
  sites: { areas: ['dashboard', 'sitesGroup', 'sitesNotice'], write: true },
  'finance:read': { areas: ['account', 'finance', 'orders'], write: false },
  'admin:read': { areas: BACK_OFFICE_AREAS, write: false },
  admin: { areas: BACK_OFFICE_AREAS, write: true },
} as const satisfies Record<string, ScopeRule>;

export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as [ApiKeyScope, ...ApiKeyScope[]];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES);

/**
 * Account management never takes a key, whatever its scopes: a key cannot end a session, change or
 * reset a password, nor create, list or revoke keys (every `api-keys` call).
 */
export const API_KEY_REFUSED_CALLS: readonly string[] = [
  'account.logout',
  'account.changePassword',
  'users.resetPassword',
];

/** The scopes an account with these roles can use: those naming an area its roles reach. */
export function apiKeyScopesFor(roles: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPE_NAMES.filter((scope) =>
    (API_KEY_SCOPES[scope].areas as readonly AccessArea[]).some((area) => hasAnyRole(roles, ACCESS[area])),
  );
}

/**
 * Whether a key with these scopes may make this call (the owner's roles are checked against `ACCESS`
 * beside it). Every key reaches the `session` area (user/info); public calls need no key at all.
 */
export function apiKeyReaches(
  scopes: readonly string[],
  call: Pick<Endpoint, 'id' | 'tag' | 'method' | 'access'>,
): boolean {
  if (call.access === 'public') return true;
  if (call.tag === 'api-keys' || API_KEY_REFUSED_CALLS.includes(call.id)) return false;
  const area = call.access;
  if (area === 'session') return true;
  const writes = call.method !== 'GET';
  return scopes.some((name) => {
    const rule: ScopeRule | undefined = API_KEY_SCOPES[name as ApiKeyScope];
    return !!rule && (rule.areas as readonly AccessArea[]).includes(area) && (!writes || rule.write);
  });
}

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: storableString(),
  /** `tly_` and the key's first characters, to tell keys apart; never the key. */
  prefix: storableString(),
  scopes: z.array(apiKeyScopeSchema),
  /** Addresses or CIDR ranges the key is taken from; empty: any. */
  allowed_ips: z.array(storableString()),
  status: z.enum(API_KEY_STATUSES),
  /** ISO time; null never expires. */
  expires_at: storableString().nullable(),
  last_used_at: storableString().nullable(),
  last_used_ip: storableString().nullable(),
  revoked_at: storableString().nullable(),
  created_at: storableString(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ list: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyCreateBodySchema = z.object({
  name: plainText(64).min(1, 'required'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'choose at least one scope')
    .max(API_KEY_SCOPE_NAMES.length)
    .refine((s) => new Set(s).size === s.length, 'each scope once'),
  /** ISO time in the future; null never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  allowed_ips: z.array(ignoredIpSchema).max(20).default([]),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

/** The key itself is in this answer only: it is stored as a SHA-256 digest. */
export const apiKeyCreatedSchema = z.object({ key: storableString(), api_key: apiKeySchema });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyRevokeBodySchema = z.object({ id: z.number().int().positive() });

export const apiKeyUserQuerySchema = z.object({ user_id: z.coerce.number().int().positive() });

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

/** The audit trail's actions of API keys (created, revoked, all revoked with a ban, first used from an address) (audit.ts gathers every area's; the web labels each). */
export const API_KEYS_AUDIT_ACTIONS = [
  'api_key.create',
  'api_key.revoke',
  'api_key.revoke_all',
  'api_key.use',
] as const;
