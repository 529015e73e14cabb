import { and, eq, isNull } from 'drizzle-orm';
import { PICKUP_CODE_LENGTH, type ChildInCare } from '../../../shared/schemas/checkin.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { childCheckins, users } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { inLocale } from '../../platform/locale.ts';
import { provenPhone } from '../../platform/sms/sms.ts';
import type { SessionUser } from '../../platform/session-cache.ts';
import { digits, isUniqueViolation, openSession, type Ctx } from './checkin.service.ts';

// Children: checked in with a guardian's phone, handed over only with the pick-up code.

type ChildCtx = Ctx & Pick<AppContext, 'sms' | 'church' | 'log'>;

/**
 * Checks a child in with a fresh pick-up code. The guardian's phone is required; when a member
 * proved it theirs, the code shows on their check-in screen too (never for a typed profile
 * phone: anyone can type a parent's number). An usher's check-in sends the code to that phone
 * by SMS (the guardian may have no app), and says when no member has proved it.
 */
export async function checkInChild(
  ctx: ChildCtx,
  input: {
    sessionId: string;
    childName: string;
    guardianPhone: string | null;
    guardianUserId?: string;
    byUserId: string;
  },
): Promise<ChildInCare> {
  const session = await openSession(ctx, input.sessionId);
  if (!input.guardianPhone) {
    throw new AppError(400, 'VALIDATION_ERROR', m.shared_checkin_guardian_phone(), {
      guardianPhone: m.shared_checkin_guardian_phone(),
    });
  }
  const guardianPhone = input.guardianPhone;
  let guardianUserId = input.guardianUserId ?? null;
  // The pick-up code's SMS: in the guardian's language when the phone is a member's, else in
  // the language of the usher's request.
  let guardianLocale: string | undefined;
  if (!guardianUserId) {
    // login_phone is unique: one member at most, the one whose code proved the number.
    const [guardian] = await ctx.db
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(and(eq(users.loginPhone, guardianPhone), eq(users.phoneVerified, true)));
    guardianUserId = guardian?.id ?? null;
    guardianLocale = guardian?.locale;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const [child] = await ctx.db
        .insert(childCheckins)
        .values({
          sessionId: session.id,
          childName: input.childName,
          guardianPhone,
          guardianUserId,
          pickupCode: digits(PICKUP_CODE_LENGTH),
          checkedInBy: input.byUserId,
        })
        .returning();
      if (!child) throw new Error('No child check-in was written.');
      if (!input.guardianUserId) {
        const facts = {
          church: ctx.church.registeredName,
          child: child.childName,
          session: session.title,
          code: child.pickupCode,
        };
        const text = guardianLocale
          ? inLocale(guardianLocale, () => m.sms_checkin_pickup(facts))
          : m.sms_checkin_pickup(facts);
        await ctx.sms
          .send({ to: guardianPhone, text })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'pick-up code SMS failed'));
      }
      return {
        id: child.id,
        sessionId: session.id,
        sessionTitle: session.title,
        childName: child.childName,
        pickupCode: child.pickupCode,
        checkedInAt: child.checkedInAt.toISOString(),
        ...(guardianUserId ? {} : { guardianNote: m.shared_checkin_guardian_not_member() }),
      };
    } catch (error) {
      // A child still in care at this session has that code: draw again.
      if (!isUniqueViolation(error) || attempt >= 20) throw error;
    }
  }
}

/** The guardian's own phone: the one they proved; without one, they are told to prove it. */
export async function guardianPhoneOf(ctx: Pick<AppContext, 'db'>, userId: string) {
  const [me] = await ctx.db.select({ phone: provenPhone }).from(users).where(eq(users.id, userId));
  if (!me?.phone) {
    throw new AppError(400, 'PHONE_NOT_PROVED', m.shared_checkin_guardian_needs_proved_phone());
  }
  return me.phone;
}

/** Pick-up: the code on the guardian's phone lets the child go, once; who did it is kept. */
export async function pickUpChild(
  ctx: Ctx,
  usher: SessionUser,
  sessionId: string,
  code: string,
): Promise<{ childName: string; guardianPhoneEnd: string }> {
  const [child] = await ctx.db
    .update(childCheckins)
    .set({ checkedOutAt: ctx.now(), checkedOutBy: usher.id })
    .where(
      and(
        eq(childCheckins.sessionId, sessionId),
        eq(childCheckins.pickupCode, code),
        isNull(childCheckins.checkedOutAt),
      ),
    )
    .returning();
  if (!child) throw new AppError(404, 'NO_SUCH_PICKUP', m.shared_checkin_no_such_pickup());
  return { childName: child.childName, guardianPhoneEnd: child.guardianPhone.slice(-3) };
}
