import { and, asc, eq } from 'drizzle-orm';
import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { assemblies } from '../../db/schema.ts';

const offeredAssemblies = preparedQuery((db) =>
  db
    .select({ slug: assemblies.slug, label: assemblies.label })
    .from(assemblies)
    .where(eq(assemblies.active, true))
    .orderBy(asc(assemblies.position))
    .prepare('assemblies_offered'),
);

export async function listAssemblies(ctx: Pick<AppContext, 'db'>) {
  return offeredAssemblies(ctx.db).execute();
}

/** Whether members may pick this assembly now (retired ones stay only on old records). */
export async function isAssemblyOffered(
  ctx: Pick<AppContext, 'db'>,
  slug: string,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ slug: assemblies.slug })
    .from(assemblies)
    .where(and(eq(assemblies.slug, slug), eq(assemblies.active, true)));
  return Boolean(row);
}

/** The fixed details a member needs to make a bank transfer (spec §2/§3). */
export function bankDetails(ctx: Pick<AppContext, 'church'>): ChurchInfo['giving']['banks'] {
  const { church } = ctx;
  return {
    // The account name is the registered name; Prudential's has 'Church' appended (spec §3).
    fidelity: {
      label: 'Fidelity',
      accountName: church.registeredName,
      ...church.banks.fidelity,
    },
    prudential: {
      label: 'Prudential',
      accountName: `${church.registeredName} Church`,
      ...church.banks.prudential,
    },
  };
}

export async function getChurchInfo(ctx: AppContext): Promise<ChurchInfo> {
  const { church } = ctx;
  return {
    productName: church.productName,
    churchName: church.churchName,
    logoUrl: church.logoUrl,
    colors: church.colors,
    audioChannelUrl: church.audioChannelUrl,
    supportEmail: church.supportEmail ?? null,
    assemblies: await listAssemblies(ctx),
    devMailbox: ctx.mailer.kind === 'dev',
    giving: {
      maxAmount: ctx.config.giving.maxAmountPesewas,
      banks: bankDetails(ctx),
      testMode: {
        card: ctx.payments.card.name === 'sandbox',
        momo: ctx.payments.momo.name === 'sandbox',
      },
    },
  };
}
