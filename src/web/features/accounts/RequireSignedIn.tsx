import { Navigate, Outlet } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';

/**
 * The route element around every signed-in-only screen (spec §2: /home, /offerings,
 * /profile, /payment-history). Signed-in means a session user or the guest flag; anyone else
 * goes to /auth. The server still checks every API call on its own.
 */
export function RequireSignedIn() {
  const { status, me } = useSession();

  if (status === 'loading') return <PageLoading />;
  if (status === 'error') {
    return (
      <section className="page page-centered" role="alert">
        <h1>{m.accounts_check_failed_title()}</h1>
        <p className="muted">{m.accounts_check_connection()}</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {m.accounts_try_again()}
        </button>
      </section>
    );
  }
  if (status === 'visitor') return <Navigate to={paths.auth} replace />;
  return <Outlet />;
}
