import { useState } from 'react';
import { thumbnailUrl } from '../../../shared/sermons.ts';

interface SermonThumbnailProps {
  videoId: string;
  /**
   * The list defers every thumbnail until it nears the screen, at low priority: Chromium
   * raises images in view to High, and the page's own files and the title come first (a
   * High image started before the largest paint also counted toward it in Lighthouse:
   * /sermons read 1.41 s instead of 0.8). The player page's own picture does neither.
   */
  loading?: 'lazy' | 'eager';
}

/**
 * The video platform's 320×180 thumbnail (about 10–20 kB) over a drawn placeholder: when
 * the image cannot load (offline, blocked, a removed video) the placeholder stays and the
 * title beside it still says what the sermon is.
 */
export function SermonThumbnail({ videoId, loading = 'lazy' }: SermonThumbnailProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="sermon-thumb" data-failed={failed || undefined}>
      {!failed && (
        <img
          src={thumbnailUrl(videoId)}
          alt=""
          width="320"
          height="180"
          loading={loading}
          fetchPriority={loading === 'lazy' ? 'low' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}

/** The round play mark drawn over a thumbnail. */
export function PlayMark({ size = 48 }: { size?: number }) {
  return (
    <svg
      className="sermon-play-mark"
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="23" />
      <path d="M19 15.5v17l14-8.5z" />
    </svg>
  );
}
