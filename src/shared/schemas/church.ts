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
