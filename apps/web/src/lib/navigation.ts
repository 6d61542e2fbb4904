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
