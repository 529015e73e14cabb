// What other features use of pledges (docs/architecture.md "Web"): re-exports only.
export { createCampaign, pledgesKeys, useCampaignReport } from './pledges.api.ts';
export { pledgesApiPaths } from './pledges.paths.ts';
export { PledgeSummary } from './PledgeSummary.tsx';
