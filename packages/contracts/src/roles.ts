import { z } from 'zod';

/** Roles of seed section 6. `client` is never stored on a user: it marks a share-link session. */
export const ROLES = ['admin', 'user', 'article_editor', 'client'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles that can be stored on a user account. */
export const USER_ROLES = ['admin', 'user', 'article_editor'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/** A rule is kept when it lists no roles or the holder has one of them (seed section 4, route filtering). */
export function hasAnyRole(held: readonly string[], allowed: readonly Role[] | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  return held.some((r) => (allowed as readonly string[]).includes(r));
}
