import { and, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Usher } from '../../../shared/schemas/checkin.ts';
import type { AppContext } from '../../context.ts';
import { checkinUshers, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import { m } from '../../../paraglide/messages.js';

// Ushers: members an admin lets check others in, run the entrance screen and pick-up.

export async function isUsher(ctx: Pick<AppContext, 'db'>, user: SessionUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const [row] = await ctx.db
    .select({ id: checkinUshers.userId })
    .from(checkinUshers)
    .where(eq(checkinUshers.userId, user.id));
  return Boolean(row);
}

export async function listUshers(ctx: Pick<AppContext, 'db'>): Promise<Usher[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      phone: sql<string | null>`coalesce(${users.loginPhone}, ${users.phoneNumber})`,
    })
    .from(checkinUshers)
    .innerJoin(users, eq(users.id, checkinUshers.userId))
    .orderBy(users.fullName);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    // A phone-first member's email is a placeholder nobody reads (decision 033).
    contact: r.email.endsWith('@phone.invalid') ? (r.phone ?? '') : r.email,
  }));
}

/**
 * An admin makes a member an usher by their email or a phone they proved (decision 050): a
 * profile's typed phone is anyone's to type, so it names nobody.
 */
export async function grantUsher(
  ctx: Pick<AppContext, 'db'>,
  admin: SessionUser,
  contact: string,
): Promise<Usher[]> {
  const byEmail = contact.includes('@');
  const phone = byEmail ? undefined : parsePhoneNumberFromString(contact, 'GH')?.number;
  const [member] = byEmail
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${contact.toLowerCase()}`)
    : phone
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.loginPhone, phone), eq(users.phoneVerified, true)))
      : [];
  if (!member) {
    throw new AppError(
      404,
      'NOT_FOUND',
      byEmail ? m.shared_checkin_no_such_member() : m.shared_checkin_no_proved_phone(),
    );
  }
  await ctx.db
    .insert(checkinUshers)
    .values({ userId: member.id, grantedBy: admin.id })
    .onConflictDoNothing();
  return listUshers(ctx);
}

export async function revokeUsher(ctx: Pick<AppContext, 'db'>, userId: string): Promise<boolean> {
  const gone = await ctx.db
    .delete(checkinUshers)
    .where(eq(checkinUshers.userId, userId))
    .returning({ id: checkinUshers.userId });
  return gone.length > 0;
}
