import { useEffect } from 'react';
import type { ChurchInfo } from '../../shared/schemas/church.ts';
import { apiFetch } from '../api.ts';
import { apiPaths } from '../paths.ts';
import { createResource, useResource } from '../resource.ts';

// Used until GET /api/church answers (and if it never does).
export const DEFAULT_PRODUCT_NAME = 'Flock';
export const DEFAULT_LOGO_URL = '/logo.svg';

/** Branding and reference lists from GET /api/church. They change only on a deploy. */
const church = createResource(() => apiFetch<ChurchInfo>(apiPaths.church), {
  staleTime: Infinity,
});

export function useChurch() {
  return useResource(church);
}

/** The answer, known beforehand: the login screen drawn at build time (prerender.tsx). */
export const seedChurch = (info: ChurchInfo) => church.set(info);

/** Settles when GET /api/church has answered or failed (main.tsx waits for it). */
export const churchAnswered = () => church.answered();

/** Asks at start-up, while the first screen's code is still on its way (main.tsx). */
export const prefetchChurch = () => church.refreshIfStale();

/** Product name and logo, with the defaults while the church info loads or if it fails. */
export function useBrand() {
  const { data: church, isPending } = useChurch();
  return {
    /** True until GET /api/church first answers: what it fills in may still appear. */
    isPending,
    productName: church?.productName || DEFAULT_PRODUCT_NAME,
    logoUrl: church?.logoUrl || DEFAULT_LOGO_URL,
    churchName: church?.churchName ?? null,
  };
}

const colorVariables = {
  primary: '--color-primary',
  onPrimary: '--color-on-primary',
  accent: '--color-accent',
} as const satisfies Record<keyof ChurchInfo['colors'], string>;

/** Puts the church's colours and name on the page. Call once, in the layout. */
export function useApplyChurchBranding() {
  const { data: church } = useChurch();

  useEffect(() => {
    if (!church) return;
    const root = document.documentElement;
    for (const [key, variable] of Object.entries(colorVariables)) {
      const value = church.colors[key as keyof typeof colorVariables];
      if (value) root.style.setProperty(variable, value);
    }
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', church.colors.primary);
    document.title = church.productName;
  }, [church]);
}
