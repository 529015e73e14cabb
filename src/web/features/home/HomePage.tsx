import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { useBrand } from '../church/useChurch.ts';
import { SermonTypeModal } from './SermonTypeModal.tsx';
import { TileIcon, type TileIconName } from './TileIcon.tsx';

/** Every tile opens its screen; Sermons first asks which kind (spec §2). */
type Tile = { label: string; icon: TileIconName } & ({ to: string } | { action: 'sermons' });

const tiles: Tile[] = [
  { label: 'Sermons', icon: 'sermons', action: 'sermons' },
  // The video library (decision 040).
  { label: 'Videos', icon: 'videos', to: paths.videos },
  { label: 'Offerings', icon: 'offerings', to: paths.offerings },
  { label: 'Events', icon: 'events', to: paths.events },
  // Beyond the spec's grid (issue 34, decision 039): where a member types the entrance code.
  { label: 'Check In', icon: 'checkin', to: paths.checkin },
  { label: 'Prayer Wall', icon: 'prayer', to: paths.prayer },
  { label: 'Devotional', icon: 'devotional', to: paths.devotional },
  { label: 'Workers Portal', icon: 'workers', to: paths.workersGate },
  { label: 'Profile', icon: 'profile', to: paths.profile },
];

const adminTile: Tile = { label: 'Admin Panel', icon: 'admin', to: paths.admin };
/** Finance officers who are not admins (admins reach the desk from the Admin Panel). */
const financeTile: Tile = { label: 'Finance Desk', icon: 'offerings', to: paths.financeDesk };

/** /home (spec §2 Home): the greeting and the feature grid. */
export function HomePage() {
  const id = useId();
  const { productName } = useBrand();
  const { user, me } = useSession();
  const [sermonTypeOpen, setSermonTypeOpen] = useState(false);
  const closeSermonType = useCallback(() => setSermonTypeOpen(false), []);

  const greeting = me.isPending
    ? 'Loading your profile...'
    : user?.firstName
      ? `Welcome, ${user.firstName}!`
      : `Welcome to Your ${productName} App`;

  // Spec §6: the Admin Panel tile is for admins only (the server guards /admin's data).
  const shown = user?.isAdmin
    ? [...tiles, adminTile]
    : user?.finance
      ? [...tiles, financeTile]
      : tiles;

  return (
    <section className="page home-page" aria-labelledby={`${id}-greeting`}>
      <h1 id={`${id}-greeting`} className="home-greeting" aria-live="polite">
        {greeting}
      </h1>
      <ul className="tile-grid" aria-label="Features">
        {shown.map((tile) => (
          <li key={tile.label}>
            {'to' in tile ? (
              <Link className="tile" to={tile.to}>
                <TileIcon name={tile.icon} />
                <span className="tile-label">{tile.label}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="tile"
                aria-haspopup="dialog"
                onClick={() => setSermonTypeOpen(true)}
              >
                <TileIcon name={tile.icon} />
                <span className="tile-label">{tile.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <SermonTypeModal open={sermonTypeOpen} onClose={closeSermonType} />
    </section>
  );
}
