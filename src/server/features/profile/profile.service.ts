import { m } from '../../../paraglide/messages.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { z } from 'zod';
import { formatPhone, shownEmail } from '../../../shared/schemas/accounts.ts';
import {
  RECEIPT_CHANNEL_MESSAGES,
  receiptChannelInForce,
  receiptChannelRefusal,
  type ReceiptChannel,
  type changePasswordSchema,
  type Profile,
  type profileUpdateSchema,
  type ProfileUpdateResult,
} from '../../../shared/schemas/profile.ts';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { isAssemblyOffered } from '../../core/church.ts';

const profileColumns = {
  fullName: users.fullName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  assemblyName: users.assemblyName,
  location: users.location,
  dateOfBirth: users.dateOfBirth,
  receiptChannel: users.receiptChannel,
  loginPhone: users.loginPhone,
  phoneVerified: users.phoneVerified,
};

const profileOf = preparedQuery((db) =>
  db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('profile_get'),
);

export async function getProfile(ctx: Pick<AppContext, 'db'>, userId: string): Promise<Profile> {
  const [profile] = await profileOf(ctx.db).execute({ userId });
  if (!profile) throw new AppError(404, 'NOT_FOUND', m.shared_profile_not_found());
  const { loginPhone, phoneVerified, receiptChannel, ...rest } = profile;
  const phone = profile.phoneNumber;
  const reach = {
    email: shownEmail(profile.email),
    signInPhone: phoneVerified ? loginPhone : null,
  };
  return {
    ...rest,
    ...reach,
    // Where receipts go now: a choice that reaches nobody shows what it falls back to.
    receiptChannel: receiptChannelInForce(reach, receiptChannel as ReceiptChannel),
    phoneDisplay: phone ? formatPhone(phone) : null,
  };
}

/**
 * Where receipts and codes go (issue 32): only a channel the member can receive on, SMS with
 * a proved phone (decision 050), email with an email (decision 054).
 */
export async function setReceiptChannel(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  channel: ReceiptChannel,
): Promise<{ message: string; profile: Profile }> {
  const current = await getProfile(ctx, userId);
  const refusal = receiptChannelRefusal(current, channel);
  if (refusal) {
    throw new AppError(400, 'VALIDATION_ERROR', refusal, { channel: refusal });
  }
  // Kept even when it is the channel in force already: a fallback shown is no choice stored.
  await ctx.db
    .update(users)
    .set({ receiptChannel: channel, updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.receiptChannel, channel)));
  return {
    message: RECEIPT_CHANNEL_MESSAGES.saved[channel],
    profile: await getProfile(ctx, userId),
  };
}

/**
 * Spec §5: nothing to save when name, phone and assembly are unchanged and no location
 * is given; a location is saved only when non-empty; a date of birth only when non-empty
 * and changed. (We also count a changed location or date of birth as a change.)
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  input: z.output<typeof profileUpdateSchema>,
): Promise<ProfileUpdateResult> {
  const current = await getProfile(ctx, userId);
  const location = input.location || undefined;
  const dateOfBirth = input.dateOfBirth || undefined;

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== current.fullName) changes.fullName = input.fullName;
  if (input.phoneNumber !== current.phoneNumber) changes.phoneNumber = input.phoneNumber;
  if (input.assemblyName !== current.assemblyName) changes.assemblyName = input.assemblyName;
  if (location !== undefined && location !== current.location) changes.location = location;
  if (dateOfBirth !== undefined && dateOfBirth !== current.dateOfBirth)
    changes.dateOfBirth = dateOfBirth;

  if (Object.keys(changes).length === 0) {
    return { changed: false, message: m.shared_profile_no_changes(), profile: current };
  }
  if (changes.assemblyName) {
    if (!(await isAssemblyOffered(ctx, changes.assemblyName))) {
      throw new AppError(400, 'VALIDATION_ERROR', m.server_http_fields_need_attention(), {
        assemblyName: m.shared_accounts_assembly_required(),
      });
    }
  }
  await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return {
    changed: true,
    message: m.shared_profile_updated(),
    profile: await getProfile(ctx, userId),
  };
}

/**
 * Verifies the current password on the server and ends the member's other sessions.
 * Returns the headers (a fresh session cookie) the response must carry.
 */
export async function changePassword(
  ctx: AppContext,
  headers: Headers,
  input: z.output<typeof changePasswordSchema>,
): Promise<Headers> {
  try {
    const result = await ctx.auth.api.changePassword({
      headers,
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      returnHeaders: true,
    });
    return result.headers;
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'INVALID_PASSWORD') {
        throw new AppError(400, 'WRONG_PASSWORD', m.shared_accounts_wrong_password());
      }
      if (error.statusCode === 401)
        throw new AppError(401, 'UNAUTHENTICATED', m.server_accounts_log_in_first());
      throw new AppError(400, code ?? 'PASSWORD_NOT_CHANGED', m.shared_profile_password_failed());
    }
    throw error;
  }
}
