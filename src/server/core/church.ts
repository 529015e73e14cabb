import { asc, eq } from 'drizzle-orm';
import { m } from '../../paraglide/messages.js';
import { offersAssembly, type ChurchInfo } from '../../shared/schemas/church.ts';
import type { AppContext } from '../context.ts';
import { preparedQuery } from '../db/prepared.ts';
import { assemblies } from '../db/schema.ts';
import { AppError } from '../errors.ts';

// The church itself, as every feature sees it: its assemblies (which members may pick) and
// its bank details (content/assemblies.json and church.json, read at start).

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
  return offersAssembly(await listAssemblies(ctx), slug);
}

/** Whether an assembly of this slug exists, retired or not (events and campaigns name any). */
export async function assemblyExists(ctx: Pick<AppContext, 'db'>, slug: string): Promise<boolean> {
  const [known] = await ctx.db
    .select({ slug: assemblies.slug })
    .from(assemblies)
    .where(eq(assemblies.slug, slug));
  return known !== undefined;
}

/** A 400 on the assembly field unless members may pick it now. */
export async function assertAssemblyOffered(ctx: Pick<AppContext, 'db'>, slug: string) {
  if (!(await isAssemblyOffered(ctx, slug))) {
    throw new AppError(400, 'VALIDATION_ERROR', m.server_http_fields_need_attention(), {
      assembly: m.shared_accounts_assembly_required(),
    });
  }
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
