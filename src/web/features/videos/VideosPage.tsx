import { useId } from 'react';
import { m } from '../../../paraglide/messages.js';
import type { LibraryVideo } from '../../../shared/videos.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { SermonPlayer } from '../sermons/index.ts';
import { useVideos } from './videos.api.ts';
import './videos.css';
import { formatDate } from '../../../shared/format.ts';

/** 'Pastor Mensah · 2 Aug 2026', or whichever of the two the admin gave. */
function detailOf(video: LibraryVideo): string {
  return [video.speaker, video.recordedOn && formatDate(video.recordedOn)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * /videos (decision 040): the church's playlists, each video a thumbnail until it is tapped;
 * only then does the video platform's player come onto the page (the sermons' light player).
 */
export function VideosPage() {
  const id = useId();
  const library = useVideos();

  return (
    <section className="page videos-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.videos_title()}</h1>
      <QueryState
        query={library}
        loading={m.videos_loading()}
        failed={m.videos_load_failed()}
        isEmpty={(playlists) => playlists.length === 0}
        empty={<p className="muted">{m.videos_none()}</p>}
      >
        {(playlists) => (
          <>
            <p className="muted videos-note">{m.videos_tap_note()}</p>
            {playlists.map((playlist) => (
              <section
                key={playlist.id}
                className="videos-playlist"
                aria-labelledby={`${id}-${playlist.id}`}
              >
                <h2 id={`${id}-${playlist.id}`}>{playlist.title}</h2>
                {playlist.description && (
                  <p className="videos-description">{playlist.description}</p>
                )}
                {playlist.videos.length === 0 ? (
                  <p className="muted">{m.videos_playlist_empty()}</p>
                ) : (
                  <ul className="videos-grid" aria-labelledby={`${id}-${playlist.id}`}>
                    {playlist.videos.map((video) => {
                      const detail = detailOf(video);
                      return (
                        <li key={video.id} className="videos-card">
                          <SermonPlayer sermon={video} inList />
                          <h3 className="videos-card-title">{video.title}</h3>
                          {detail && <p className="videos-card-detail muted">{detail}</p>}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            ))}
          </>
        )}
      </QueryState>
    </section>
  );
}
