import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort screen for a route that failed to render or load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  console.error(error);
  return (
    <main className="container py-5 text-center">
      <h1 className="h3">Something went wrong</h1>
      <p className="text-body-secondary">The page could not be shown. Reloading usually fixes it.</p>
      {detail && (
        <p className="small text-body-secondary">
          <code>{detail}</code>
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
