/**
 * Lets code outside React (the request client) navigate inside the single-page app. The router
 * registers itself at start-up; before that a full page load does the same job.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}

/**
 * Where the app is now. The router renders a navigation in a transition, so until the new page has
 * rendered `useLocation` (and every handler of the last render) still names the page before, while the
 * address already names the new one: a click in that moment aimed at the page before was taken for the
 * page already shown (a menu click was dropped, a closed tag came back). There is no basename, so the
 * address's path is the route.
 */
export function currentPath(): string {
  return window.location.pathname;
}
