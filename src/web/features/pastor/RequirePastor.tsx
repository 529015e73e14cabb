import { Link, Navigate, Outlet } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { usePastorMe } from './pastor.api.ts';
import { messageOf } from '../../api.ts';

/**
 * Around the pastor portal (issue 9 #1): signed out → /auth; a member who is not an approved
 * pastor reads a clear message. The server refuses every call of anyone else on its own.
 */
export function RequirePastor() {
  const { status } = useSession();
  const signedIn = status === 'member';
  const pastor = usePastorMe(signedIn);

  if (status === 'loading') return <PageLoading />;
  if (!signedIn) return <Navigate to={paths.auth} replace />;
  if (pastor.isPending) return <PageLoading label={m.pastor_opening_portal()} />;
  if (pastor.isError) {
    const refused = (pastor.error as { status?: number }).status === 403;
    return (
      <section className="page page-centered" role="alert" aria-labelledby="pastor-refused">
        <h1 id="pastor-refused">{refused ? m.pastor_only_pastors() : m.pastor_open_failed()}</h1>
        <p className="muted">
          {refused ? m.shared_pastor_only_pastors() : messageOf(pastor.error)}
        </p>
        {refused ? (
          <Link className="button" to={paths.workers}>
            {m.workers_go_to_portal()}
          </Link>
        ) : (
          <button type="button" className="button" onClick={() => void pastor.refetch()}>
            {m.workers_try_again()}
          </button>
        )}
      </section>
    );
  }
  return <Outlet />;
}
