import { Link } from 'react-router';
import { paths } from '../paths.ts';

export function NotFoundPage() {
  return (
    <section className="page page-centered" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="muted">
        We couldn’t find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <Link className="button" to={paths.home}>
        Go to the home page
      </Link>
    </section>
  );
}
