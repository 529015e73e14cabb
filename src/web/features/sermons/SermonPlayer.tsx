import { useEffect, useRef, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import { embedUrl, type Sermon } from '../../../shared/sermons.ts';
import { PlayMark, SermonThumbnail } from './SermonThumbnail.tsx';
import './sermons.css';

/**
 * The thumbnail with a play button; the video platform's player (its privacy-enhanced
 * domain) is put on the page only when the member taps play. Until then nothing is
 * downloaded from the platform but the thumbnail: members pay for every megabyte, and the
 * player alone is close to a megabyte of scripts.
 */
export function SermonPlayer({
  sermon,
  inList = false,
}: {
  sermon: Pick<Sermon, 'title' | 'videoId'>;
  /**
   * One of many (the video library, decision 040): its thumbnail waits until it nears the
   * screen, and the list says once, above it, that videos load on a tap.
   */
  inList?: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The play button is gone: keyboard and screen-reader users continue in the player.
    if (playing) frameRef.current?.focus();
  }, [playing]);

  return (
    <>
      <div className="sermon-player">
        {playing ? (
          <iframe
            ref={frameRef}
            src={embedUrl(sermon.videoId)}
            title={sermon.title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            allowFullScreen
            // The app's own policy sends no referrer; the player refuses to play without the
            // embedding site's origin, so this one frame sends just the origin.
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            className="sermon-player-poster"
            aria-label={m.sermons_play({ title: sermon.title })}
            onClick={() => setPlaying(true)}
          >
            <SermonThumbnail videoId={sermon.videoId} loading={inList ? 'lazy' : 'eager'} />
            <PlayMark size={72} />
          </button>
        )}
      </div>
      {!playing && !inList && <p className="muted sermon-player-note">{m.sermons_tap_note()}</p>}
    </>
  );
}
