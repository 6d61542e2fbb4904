import { notFound } from '../../lib/errors.js';
import { type AuthContext, isAdmin } from '../sessions/sessions.service.js';

/** Admins act on every site; others only on their own. A foreign id looks exactly like a missing one. */
export function assertOwner<T extends { userId: number }>(
  auth: AuthContext,
  row: T | undefined,
  what: string,
): T {
  if (!row || (!isAdmin(auth) && row.userId !== auth.userId)) throw notFound(`${what} not found`);
  return row;
}

/** The user filter of a list: none for admins. */
export const ownerFilter = (auth: AuthContext) => (isAdmin(auth) ? undefined : auth.userId!);
