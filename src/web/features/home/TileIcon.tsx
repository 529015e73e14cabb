import type { ReactNode } from 'react';

// Simple line icons for the home tiles (24 × 24, drawn with the text colour).

export type TileIconName =
  | 'sermons'
  | 'videos'
  | 'offerings'
  | 'events'
  | 'checkin'
  | 'prayer'
  | 'devotional'
  | 'workers'
  | 'profile'
  | 'admin';

const shapes: Record<TileIconName, ReactNode> = {
  sermons: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M8.5 21h7" />
    </>
  ),
  checkin: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
    </>
  ),
  videos: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="M10 9.2v5.6l4.8-2.8z" />
    </>
  ),
  offerings: (
    <>
      <rect x="3.5" y="8" width="17" height="4.5" rx="1" />
      <path d="M5.5 12.5V20h13v-7.5M12 8v12M12 8c-1.5-3.5-5.5-4-5.5-1.5C6.5 8 9.5 8 12 8zm0 0c1.5-3.5 5.5-4 5.5-1.5C17.5 8 14.5 8 12 8z" />
    </>
  ),
  events: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2" />
    </>
  ),
  prayer: (
    <path d="M12 20s-7.5-4.6-9-9.4A4.9 4.9 0 0 1 12 7a4.9 4.9 0 0 1 9 3.6C19.5 15.4 12 20 12 20z" />
  ),
  devotional: (
    <>
      <path d="M4.5 5.5A2.5 2.5 0 0 1 7 3h12.5v15H7a2.5 2.5 0 0 0-2.5 2.5z" />
      <path d="M4.5 20.5A2.5 2.5 0 0 0 7 23h12.5v-5M12 7v6M9.5 9.5h5" />
    </>
  ),
  workers: (
    <>
      <rect x="3" y="7.5" width="18" height="12.5" rx="2" />
      <path d="M9 7.5V5.5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18M11 13v2h2v-2" />
    </>
  ),
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  admin: (
    <>
      <path d="M12 3l8 3v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z" />
      <path d="M8.8 12.2l2.2 2.2 4.2-4.4" />
    </>
  ),
};

export function TileIcon({ name }: { name: TileIconName }) {
  return (
    <svg
      className="tile-icon"
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shapes[name]}
    </svg>
  );
}
