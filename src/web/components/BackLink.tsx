import { Link } from 'react-router';
import './BackLink.css';

/** The way up from a screen (a sermon to the list, a day to its week), above its title. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <span aria-hidden="true">‹ </span>
        {children}
      </Link>
    </p>
  );
}
