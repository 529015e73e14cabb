import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';

/**
 * Around every finance screen: finance officers and admins only (anyone else goes to /home).
 * The server checks the role and the assemblies on every call on its own.
 */
export function RequireFinance() {
  const { user, me } = useSession();

  if (me.isPending) return <PageLoading label="Verifying finance access..." />;
  if (me.isError) {
    return (
      <section className="page page-centered" role="alert">
        <h1>We could not verify finance access</h1>
        <p className="muted">Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!user?.finance) return <Navigate to={paths.memberHome} replace />;
  return <Outlet />;
}
