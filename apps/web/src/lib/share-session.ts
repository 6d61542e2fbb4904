/**
 * Whether the session in the x-token cookie was opened by a share link. The server deletes a
 * client's session when the owner rotates or revokes the link, so its token then fails like any
 * expired one; only the browser knows the session was a client's. That person has no account to
 * sign in with, so they are told the link ended instead of being sent to /login. Kept beside the
 * cookie (same origin, survives reloads); every new session sets it afresh.
 */
const KEY = 'tally-share-session';

/** Where a share-link client goes once its session was refused: /share says the link ended. */
export const SHARE_ENDED_PATH = '/share?ended=1';

export function rememberShareSession(isShare: boolean): void {
  if (isShare) localStorage.setItem(KEY, '1');
  else localStorage.removeItem(KEY);
}

export function isShareSession(): boolean {
  return localStorage.getItem(KEY) === '1';
}

/** Where a refused session goes: the sign-in form, or for a share-link client the page that explains. */
export function refusedSessionPath(): string {
  return isShareSession() ? SHARE_ENDED_PATH : '/login';
}
