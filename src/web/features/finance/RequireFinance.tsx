import { Navigate, Outlet } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';

/**
 * Around every finance screen: finance officers and admins only (anyone else goes to /home).
 * The server checks the role and the assemblies on every call on its own.
 */
export function RequireFinance() {
  const { user, me } = useSession();

  if (me.isPending) return <PageLoading label={m.finance_verifying()} />;
  if (me.isError) {
    return (
      <section className="page page-centered" role="alert">
        <h1>{m.finance_verify_failed()}</h1>
        <p className="muted">{m.finance_check_connection()}</p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {m.finance_try_again()}
        </button>
      </section>
    );
  }
  if (!user?.finance) return <Navigate to={paths.memberHome} replace />;
  return <Outlet />;
}
