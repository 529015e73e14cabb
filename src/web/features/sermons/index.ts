// What other features use of sermons (docs/architecture.md "Web"): re-exports only.
export { SermonPlayer } from './SermonPlayer.tsx';
export {
  createSermon,
  deleteSermon,
  refreshSermons,
  reorderSermons,
  sermonsQueryKey,
  type SermonValues,
  updateSermon,
  useSermons,
} from './sermons.api.ts';
