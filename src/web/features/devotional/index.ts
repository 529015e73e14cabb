// What other features use of devotional (docs/architecture.md "Web"): re-exports only.
export {
  createWeek,
  deleteDay,
  deleteWeek,
  isMissing,
  numberParam,
  refreshDevotional,
  renameWeek,
  saveDay,
  useDevotionalDay,
  useDevotionalWeek,
  useDevotionalWeeks,
} from './devotional.api.ts';
