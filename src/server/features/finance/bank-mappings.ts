import { eq } from 'drizzle-orm';
import type { Bank } from '../../../shared/constants.ts';
import type { BankMapping } from '../../../shared/schemas/finance.ts';
import type { AppContext } from '../../context.ts';
import { bankStatementMappings } from '../../db/schema.ts';
import { recordAudit, type Actor } from './audit.service.ts';
import type { Ctx } from './bank-matching.service.ts';

// Which statement column holds what, remembered per bank.

export async function listMappings(
  ctx: Pick<AppContext, 'db'>,
): Promise<Partial<Record<Bank, BankMapping>>> {
  const rows = await ctx.db.select().from(bankStatementMappings);
  return Object.fromEntries(
    rows.map((r) => [
      r.bank,
      {
        dateColumn: r.dateColumn,
        descriptionColumn: r.descriptionColumn,
        amountColumn: r.amountColumn,
      },
    ]),
  );
}

export async function saveMapping(ctx: Ctx, actor: Actor, bank: Bank, mapping: BankMapping) {
  await ctx.db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(bankStatementMappings)
      .where(eq(bankStatementMappings.bank, bank))
      .for('update');
    await tx
      .insert(bankStatementMappings)
      .values({ bank, ...mapping, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: bankStatementMappings.bank,
        set: { ...mapping, updatedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: 'mapping_save',
      subjectKind: 'bank_mapping',
      subjectId: bank,
      previous: previous
        ? {
            dateColumn: previous.dateColumn,
            descriptionColumn: previous.descriptionColumn,
            amountColumn: previous.amountColumn,
          }
        : null,
      next: mapping,
    });
  });
  return mapping;
}
