import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import type { AppContext } from '../../context.ts';
import { bankDetails, listAssemblies } from '../../core/church.ts';

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
