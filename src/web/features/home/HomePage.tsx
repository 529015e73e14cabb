import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useBrand } from '../../core/useChurch.ts';
import { SermonTypeModal } from './SermonTypeModal.tsx';
import { TileIcon, type TileIconName } from './TileIcon.tsx';

/** Every tile opens its screen; Sermons first asks which kind (spec §2). */
type Tile = { label: string; icon: TileIconName } & ({ to: string } | { action: 'sermons' });

const tiles = (): Tile[] => [
  { label: m.home_tile_sermons(), icon: 'sermons', action: 'sermons' },
  // The video library (decision 040).
  { label: m.home_tile_videos(), icon: 'videos', to: paths.videos },
  { label: m.home_tile_offerings(), icon: 'offerings', to: paths.offerings },
  { label: m.home_tile_events(), icon: 'events', to: paths.events },
  // Beyond the spec's grid (issue 34, decision 039): where a member types the entrance code.
  { label: m.home_tile_checkin(), icon: 'checkin', to: paths.checkin },
  { label: m.home_tile_prayer(), icon: 'prayer', to: paths.prayer },
  { label: m.home_tile_devotional(), icon: 'devotional', to: paths.devotional },
  { label: m.home_tile_workers(), icon: 'workers', to: paths.workersGate },
  { label: m.home_tile_profile(), icon: 'profile', to: paths.profile },
];

const adminTile = (): Tile => ({ label: m.home_tile_admin(), icon: 'admin', to: paths.admin });
/** Finance officers who are not admins (admins reach the desk from the Admin Panel). */
const financeTile = (): Tile => ({
  label: m.home_tile_finance(),
  icon: 'offerings',
  to: paths.financeDesk,
});

/** /home (spec §2 Home): the greeting and the feature grid. */
export function HomePage() {
  const id = useId();
  const { productName } = useBrand();
  const { user, me } = useSession();
  const [sermonTypeOpen, setSermonTypeOpen] = useState(false);
  const closeSermonType = useCallback(() => setSermonTypeOpen(false), []);

  const greeting = me.isPending
    ? m.home_loading_profile()
    : user?.firstName
      ? m.home_welcome_name({ firstName: user.firstName })
      : m.home_welcome({ productName });

  // Spec §6: the Admin Panel tile is for admins only (the server guards /admin's data).
  const shown = user?.isAdmin
    ? [...tiles(), adminTile()]
    : user?.finance
      ? [...tiles(), financeTile()]
      : tiles();

  return (
    <section className="page home-page" aria-labelledby={`${id}-greeting`}>
      <h1 id={`${id}-greeting`} className="home-greeting" aria-live="polite">
        {greeting}
      </h1>
      <ul className="tile-grid" aria-label={m.home_features()}>
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
