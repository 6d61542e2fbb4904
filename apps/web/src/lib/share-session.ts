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

/**
 * Set when this page's share session was refused. The token goes at once, and the guard would send
 * the site page still shown to /login before the navigation to SHARE_ENDED_PATH lands (router
 * navigations are transitions): it reads this and sends the page where the request client meant.
 */
let endedHere = false;

export function rememberShareSession(isShare: boolean): void {
  endedHere = false;
  if (isShare) localStorage.setItem(KEY, '1');
  else localStorage.removeItem(KEY);
}

export function isShareSession(): boolean {
  return localStorage.getItem(KEY) === '1';
}

/** Where a refused session goes: the sign-in form, or for a share-link client the page that explains. */
export function refusedSessionPath(): string {
  endedHere = isShareSession();
  return endedHere ? SHARE_ENDED_PATH : '/login';
}

/** This page's share session was refused (and no session began since). */
export function shareSessionEnded(): boolean {
  return endedHere;
}
