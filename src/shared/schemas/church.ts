// What GET /api/church returns: branding and reference lists the web app needs at start.
export interface ChurchInfo {
  productName: string;
  churchName: string;
  logoUrl: string;
  colors: { primary: string; onPrimary: string; accent: string };
  audioChannelUrl: string;
  supportEmail: string | null;
  assemblies: { slug: string; label: string }[];
  /** True when mail is kept in the dev mailbox instead of being delivered. */
  devMailbox: boolean;
  giving: {
    /** Largest single gift, in pesewas. */
    maxAmount: number;
    banks: Record<
      'fidelity' | 'prudential',
      { label: string; accountName: string; accountNumber: string; branch: string }
    >;
    /** Which kinds run in test mode (no real money). */
    testMode: { card: boolean; momo: boolean };
  };
}

/**
 * Whether members may pick this assembly now: it is on the church's list of assemblies
 * (`ChurchInfo.assemblies`, the server's `listAssemblies`). A retired one stays on old
 * records but is no longer offered.
 */
export const offersAssembly = (
  assemblies: readonly { slug: string }[],
  slug: string | null | undefined,
): slug is string => Boolean(slug) && assemblies.some((a) => a.slug === slug);
