import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { useSermons } from './sermons.api.ts';
import { PlayMark, SermonThumbnail } from './SermonThumbnail.tsx';
import './sermons.css';

/** The state /sermons/{id} reads (spec §2: the title and video id passed in navigation). */
export interface SermonNavigationState {
  title: string;
  videoId: string;
}

/** /sermons (spec §2): the sermon videos with their thumbnails and titles. */
export function SermonsPage() {
  const id = useId();
  const sermons = useSermons();

  return (
    <section className="page sermons-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.sermons_title()}</h1>
      <QueryState
        query={sermons}
        loading={m.sermons_loading()}
        failed={m.sermons_load_failed()}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted">{m.sermons_none()}</p>}
      >
        {(list) => (
          <ul className="sermon-grid" aria-labelledby={`${id}-title`}>
            {list.map((sermon) => (
              <li key={sermon.id}>
                <Link
                  className="sermon-card"
                  to={paths.sermon(sermon.id)}
                  state={
                    { title: sermon.title, videoId: sermon.videoId } satisfies SermonNavigationState
                  }
                >
                  <span className="sermon-card-media">
                    <SermonThumbnail videoId={sermon.videoId} />
                    <PlayMark size={40} />
                  </span>
                  <span className="sermon-card-title">{sermon.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
