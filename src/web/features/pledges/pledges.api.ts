import { useQuery } from '@tanstack/react-query';
import type { ReceiptEntryKind } from '../../../shared/constants.ts';
import type {
  CampaignOption,
  CampaignReports,
  Pledge,
  PledgesView,
} from '../../../shared/pledges.ts';
import { apiFetch } from '../../api.ts';
import { pledgesApiPaths } from './pledges.paths.ts';

export const pledgesKeys = {
  pledges: ['pledges'] as const,
  campaignReport: ['campaigns', 'report'] as const,
};

/** The member's pledges with their progress, the campaigns open to them, their gifts. */
export function usePledges() {
  return useQuery({
    queryKey: pledgesKeys.pledges,
    queryFn: ({ signal }) => apiFetch<PledgesView>(pledgesApiPaths.pledges, { signal }),
    // A member's own money: always ask again when the screen opens.
    staleTime: 0,
  });
}

export function createPledge(body: Record<string, unknown>) {
  return apiFetch<Pledge>(pledgesApiPaths.pledges, { method: 'POST', body });
}

export function deletePledge(id: string) {
  return apiFetch<void>(pledgesApiPaths.pledge(id), { method: 'DELETE' });
}

export function linkGift(pledgeId: string, gift: { kind: ReceiptEntryKind; id: string }) {
  return apiFetch<Pledge>(pledgesApiPaths.pledgeGifts(pledgeId), { method: 'POST', body: gift });
}

/** Pledged against given per campaign and assembly (an officer: their assemblies). */
export function useCampaignReport() {
  return useQuery({
    queryKey: pledgesKeys.campaignReport,
    queryFn: ({ signal }) => apiFetch<CampaignReports>(pledgesApiPaths.campaignReport, { signal }),
    staleTime: 0,
  });
}

export function createCampaign(body: Record<string, unknown>) {
  return apiFetch<CampaignOption>(pledgesApiPaths.campaigns, { method: 'POST', body });
}
