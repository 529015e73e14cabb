import { useId } from 'react';
import { useLocation, useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { VIDEO_ID_PATTERN, type Sermon } from '../../../shared/sermons.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { isNotFound, useSermon } from './sermons.api.ts';
import { SermonPlayer } from './SermonPlayer.tsx';
import type { SermonNavigationState } from './SermonsPage.tsx';
import './sermons.css';

/** The title and video id the list passed, when they look like ours. */
function sermonFromState(state: unknown, id: string): Sermon | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { title, videoId } = state as Partial<SermonNavigationState>;
  if (typeof title !== 'string' || title.trim() === '' || title.length > 200) return undefined;
  if (typeof videoId !== 'string' || !VIDEO_ID_PATTERN.test(videoId)) return undefined;
  return { id, title, videoId };
}

/**
 * /sermons/{id} (spec §2): the embedded player. The title and video id come from navigation
 * state as the spec says, so the page shows at once; the sermon is also asked for by id, so
 * a shared link or a refresh works too and 'Sermon not found.' is only for ids that do not
 * exist. The player itself loads only when play is tapped.
 */
export function SermonPage() {
  const headingId = useId();
  const { id = '' } = useParams();
  const location = useLocation();
  const fromState = sermonFromState(location.state, id);
  const query = useSermon(id, fromState);
  // A failed request keeps what navigation state gave; only 'not found' takes it away.
  const sermon = isNotFound(query.error) ? undefined : (query.data ?? fromState);

  // Not QueryState: what navigation passed is shown while the sermon loads and when it fails.
  let body;
  if (sermon) {
    body = (
      <>
        <h1 id={headingId} className="sermon-title">
          {sermon.title}
        </h1>
        <SermonPlayer key={sermon.videoId} sermon={sermon} />
      </>
    );
  } else if (query.isPending) {
    body = <Spinner label={m.sermons_loading_one()} />;
  } else if (isNotFound(query.error)) {
    body = (
      <h1 id={headingId} className="sermon-not-found">
        {m.shared_sermons_not_found()}
      </h1>
    );
  } else {
    body = (
      <LoadFailed
        message={m.sermons_load_one_failed()}
        reason={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <section className="page sermon-page" aria-labelledby={sermon ? headingId : undefined}>
      <BackLink to={paths.sermons}>{m.sermons_all()}</BackLink>
      {body}
    </section>
  );
}
