/** Roles of seed section 6, without zod (roles.ts has their schemas): the web's first load needs them. */

/** Roles of seed section 6. `client` is never stored on a user: it marks a share-link session. */
export const ROLES = ['admin', 'user', 'article_editor', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be stored on a user account. */
export const USER_ROLES = ['admin', 'user', 'article_editor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A rule is kept when it lists no roles or the holder has one of them (seed section 4, route filtering). */
export function hasAnyRole(held: readonly string[], allowed: readonly Role[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return held.some((r) => (allowed as readonly string[]).includes(r));
}
