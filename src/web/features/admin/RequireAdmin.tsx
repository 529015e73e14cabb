import { Navigate, Outlet } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';

/**
 * The route element around every admin screen (spec §2 /admin, §6): 'Verifying admin
 * access...' while the server says who is signed in, then anyone but an admin (a visitor, a
 * guest, a member) goes to /home. The server checks every admin call on its own.
 */
export function RequireAdmin() {
  const { user, me } = useSession();

  if (me.isPending) return <PageLoading label={m.admin_verifying()} />;
  if (me.isError) {
    return (
      <section className="page page-centered" role="alert">
        <h1>{m.admin_verify_failed()}</h1>
        <p className="muted">{m.admin_check_connection()}</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {m.admin_try_again()}
        </button>
      </section>
    );
  }
  if (!user?.isAdmin) return <Navigate to={paths.memberHome} replace />;
  return <Outlet />;
}
