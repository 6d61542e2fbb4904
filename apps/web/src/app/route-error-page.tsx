/** Plain markup: this sits in the entry chunk, which every first load pays for. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <div className="center-page" role="alert">
      <h2>Something went wrong</h2>
      <p className="error-text">{error instanceof Error ? error.message : String(error)}</p>
      <a href="/">Home</a>
    </div>
  );
}
