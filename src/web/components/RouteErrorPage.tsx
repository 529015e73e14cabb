import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../paths.ts';
import { m } from '../../paraglide/messages.js';

// Shown when a page throws or its code cannot be downloaded (often a flaky connection, or a
// new deploy replaced the old chunks): reloading fetches the current build.
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <section className="page page-centered" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">
        {notFound ? m.components_not_found_title() : m.components_error_title()}
      </h1>
      <p className="muted">
        {notFound ? m.components_not_found_short() : m.components_error_text()}
      </p>
      <div className="button-row">
        {!notFound && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {m.components_try_again()}
          </button>
        )}
        <Link className={notFound ? 'button' : 'button button-secondary'} to={paths.home}>
          {m.components_go_home()}
        </Link>
      </div>
    </section>
  );
}
