import { ACCESS, type AccessArea } from './access.js';
import type { Endpoint } from './endpoint-core.js';
import { hasAnyRole } from './role-names.js';

// Zod-free: the keys' scopes and limits, which 个人中心's first load reads (the schemas are in
// api-keys-schemas.ts).

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

/** The audit trail's actions of API keys (created, revoked, all revoked with a ban, first used from an address) (audit.ts gathers every area's; the web labels each). */
export const API_KEYS_AUDIT_ACTIONS = [
  'api_key.create',
  'api_key.revoke',
  'api_key.revoke_all',
  'api_key.use',
] as const;
