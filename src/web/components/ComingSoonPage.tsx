import { Link, useMatches } from 'react-router';
import { paths } from '../paths.ts';

/** What a placeholder route puts in its `handle`. */
export interface ComingSoonHandle {
  comingSoon: string;
}

function isComingSoonHandle(handle: unknown): handle is ComingSoonHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { comingSoon?: unknown }).comingSoon === 'string'
  );
}

/** A polite stand-in for a screen that is not built yet, so links never end on a 404. */
export function ComingSoonPage() {
  const matches = useMatches();
  const feature =
    matches.map((match) => match.handle).findLast(isComingSoonHandle)?.comingSoon ?? 'This page';

  return (
    <section className="page page-centered" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{feature} is coming soon.</h1>
      <p className="muted">We are still building this part of the app. Please check back later.</p>
      <Link className="button" to={paths.memberHome}>
        Back to home
      </Link>
    </section>
  );
}
