import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';

/**
 * The route element around every admin screen (spec §2 /admin, §6): 'Verifying admin
 * access...' while the server says who is signed in, then anyone but an admin (a visitor, a
 * guest, a member) goes to /home. The server checks every admin call on its own.
 */
export function RequireAdmin() {
  const { user, me } = useSession();

  if (me.isPending) return <PageLoading label="Verifying admin access..." />;
  if (me.isError) {
    return (
      <section className="page page-centered" role="alert">
        <h1>We could not verify admin access</h1>
        <p className="muted">Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!user?.isAdmin) return <Navigate to={paths.memberHome} replace />;
  return <Outlet />;
}
