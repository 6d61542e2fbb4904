import { useRouteError } from 'react-router';

/**
 * A page that throws while rendering lands here; the root's onCaughtError has logged it already.
 * Plain markup: this sits in the entry chunk, which every first load pays for.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <div className="center-page" role="alert">
      <h2>Something went wrong</h2>
      <p className="error-text">{error instanceof Error ? error.message : String(error)}</p>
      <a href="/">Home</a>
    </div>
  );
}
