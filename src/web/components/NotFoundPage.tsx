import { Link } from 'react-router';
import { m } from '../../paraglide/messages.js';
import { paths } from '../paths.ts';

export function NotFoundPage() {
  return (
    <section className="page page-centered" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">{m.components_not_found_title()}</h1>
      <p className="muted">{m.components_not_found_text()}</p>
      <Link className="button" to={paths.home}>
        {m.components_go_home()}
      </Link>
    </section>
  );
}
