import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../paths.ts';

// Shown when a page throws or its code cannot be downloaded (often a flaky connection, or a
// new deploy replaced the old chunks): reloading fetches the current build.
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <section className="page page-centered" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="muted">
        {notFound
          ? 'We couldn’t find the page you were looking for.'
          : 'This page could not be loaded. Check your connection and try again.'}
      </p>
      <div className="button-row">
        {!notFound && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
        <Link className={notFound ? 'button' : 'button button-secondary'} to={paths.home}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
