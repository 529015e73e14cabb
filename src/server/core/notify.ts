import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import {
  afterQuietHours,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../shared/schemas/notifications.ts';
import { inLocale } from '../platform/locale.ts';
import type { AppContext } from '../context.ts';
import { notifications, pushSubscriptions, users } from '../db/schema.ts';
import { scheduleJob, wakeJobRunners, type JobHandler } from '../platform/jobs.ts';
import { PUSH_TIMEOUT_MS, sendPush } from '../platform/push.ts';
import { provenPhone, reachOf } from '../platform/sms/sms.ts';

// One notification service (issue 35, decision 041). A feature calls `notify` when something
// happens to a member; the notice is written once (its key is unique), and each channel the
// event may use and the member chose is sent by a job (`notifications.send`), at once or, for
// SMS and push, when the member's quiet hours end. A channel is claimed while it is sent and
// marked sent after: two live instances never send it at once, and a crash at any point
// leaves it to be sent again (a mail with the same Message-ID).

type Ctx = Pick<
  AppContext,
  'db' | 'mailer' | 'sms' | 'config' | 'secrets' | 'church' | 'log' | 'now'
>;

export const NOTIFICATION_SEND = 'notifications.send';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** The event's own id (a gift, an application, a reply…): once per kind, key and member. */
  key: string;
  /** The screen a tap on the push notice opens. */
  url: string;
  /**
   * What the notice says, written in the member's own language (decision 043): called
   * inside it, whoever's request caused the event.
   */
  texts: () => NoticeTexts;
}

export interface NoticeTexts {
  /** The push notice: a title and one line. */
  title: string;
  body: string;
  /** The mail, for kinds that may mail. */
  email?: { subject: string; text: string };
  /** The SMS, for kinds that may text (one segment where the names allow). */
  sms?: string;
}

interface Member {
  email: string;
  phone: string | null;
  channel: string;
  quietFrom: string | null;
  quietUntil: string | null;
  locale: string;
}

export async function memberOf(ctx: Pick<Ctx, 'db'>, userId: string): Promise<Member | undefined> {
  const [member] = await ctx.db
    .select({
      email: users.email,
      phone: provenPhone,
      channel: users.receiptChannel,
      quietFrom: users.quietFrom,
      quietUntil: users.quietUntil,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return member;
}

export async function deviceCount(ctx: Pick<Ctx, 'db'>, userId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The channels a notice goes by: those its kind may use, as the member chose. As receipts go
 * (`reachOf`): SMS to a member who chose it (or both) and proved a number, or has no email;
 * mail unless they chose SMS alone; push to every device they turned it on for.
 */
function chosenChannels(
  notice: NoticeTexts & Pick<Notice, 'kind'>,
  member: Member,
  devices: number,
): NotificationChannel[] {
  const reach = reachOf(member);
  const allowed: readonly NotificationChannel[] = NOTIFICATION_KINDS[notice.kind];
  return allowed.filter((channel) => {
    if (channel === 'email') return !!notice.email && !!reach.email;
    if (channel === 'sms') return !!notice.sms && !!reach.phone;
    return devices > 0;
  });
}

/**
 * Tells a member of an event by the channels they chose. A second call for the same event
 * sends nothing twice: it finds the notice written, makes sure its jobs are there (a crash
 * may have come between the two) and tries what is due and not yet sent. A failed send is
 * retried by its job; only a database failure throws. `sendNow: false` leaves every send to
 * the jobs (a notice to many members at once).
 */
export async function notify(
  ctx: Ctx,
  notice: Notice,
  options: { sendNow?: boolean } = {},
): Promise<void> {
  const member = await memberOf(ctx, notice.userId);
  if (!member) return;
  const texts = inLocale(member.locale, notice.texts);
  const [written] = await ctx.db
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      key: `${notice.kind}:${notice.key}:${notice.userId}`,
      title: texts.title,
      body: texts.body,
      url: notice.url,
      emailSubject: texts.email?.subject ?? null,
      emailText: texts.email?.text ?? null,
      smsText: texts.sms ?? null,
    })
    .onConflictDoNothing({ target: notifications.key })
    .returning({ id: notifications.id });
  // Written before (by another call, or by one that died before its jobs were scheduled):
  // the same notice goes on below, and deliver() skips the channels already sent.
  const [row] = written
    ? [written]
    : await ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.key, `${notice.kind}:${notice.key}:${notice.userId}`));
  if (!row) return;
  const now = ctx.now();
  const channels = chosenChannels(
    { ...texts, kind: notice.kind },
    member,
    await deviceCount(ctx, notice.userId),
  );
  const dueNow: NotificationChannel[] = [];
  for (const channel of channels) {
    const runAt =
      channel === 'email' ? now : afterQuietHours(now, member.quietFrom, member.quietUntil);
    await scheduleJob(ctx.db, {
      kind: NOTIFICATION_SEND,
      key: `notification:${row.id}:${channel}`,
      runAt,
      payload: { id: row.id, channel },
    });
    // Push goes only from its job (issue 47): a request never waits on push services.
    if (runAt > now) continue;
    if (channel === 'push') wakeJobRunners(ctx.db);
    else if (options.sendNow !== false) dueNow.push(channel);
  }
  // What may go now goes now; the jobs above are the retry (and find it sent). One another
  // instance is sending ('busy') is left to its job.
  for (const channel of dueNow) {
    try {
      await deliver(ctx, row.id, channel);
    } catch (error) {
      ctx.log.warn({ err: error, notification: row.id, channel }, 'a notice will be retried');
    }
  }
}

const sentColumn = {
  email: notifications.emailAt,
  sms: notifications.smsAt,
  push: notifications.pushAt,
} as const;
const sentKey = { email: 'emailAt', sms: 'smsAt', push: 'pushAt' } as const;
const claimedColumn = {
  email: notifications.emailClaimedAt,
  sms: notifications.smsClaimedAt,
  push: notifications.pushClaimedAt,
} as const;
const claimedKey = { email: 'emailClaimedAt', sms: 'smsClaimedAt', push: 'pushClaimedAt' } as const;

/**
 * How long a channel is the instance's that claimed it: as long as a job's lease
 * (platform/jobs.ts), and longer than a send takes within its timeouts (a mail's SMTP
 * exchange, an SMS, a push per device), so a live instance's claim does not run out under it.
 * A claim older than this is a dead instance's, and is taken again.
 */
export const NOTIFICATION_CLAIM_MS = 5 * 60_000;

/** Thrown by the job of a channel another instance is sending: the job is tried again later. */
export class NoticeBusy extends Error {
  constructor(id: string, channel: NotificationChannel) {
    super(`notice ${id} is being sent by ${channel} elsewhere; tried again later`);
  }
}

/**
 * The mail's own Message-ID, the same on every attempt: a mail sent again after a crash
 * between the SMTP server's acceptance and `email_at` is one message to mail systems.
 */
export function noticeMessageId(publicUrl: string, id: string) {
  return `<notification.${id}.email@${new URL(publicUrl).hostname}>`;
}

/**
 * Sends one notice by one channel unless it was sent already ('skipped') or another instance
 * is sending it now ('busy'). The channel is claimed first (its `*_claimed_at`), marked sent
 * after the send; a claim older than NOTIFICATION_CLAIM_MS is a dead instance's and is taken
 * again. SMS and push wait out quiet hours the member set since: a new job for the hour they
 * end. Throws when the send failed (the claim is let go and the job tries again later).
 */
export async function deliver(
  ctx: Ctx,
  id: string,
  channel: NotificationChannel,
): Promise<'sent' | 'skipped' | 'held' | 'busy'> {
  const now = ctx.now();
  const [notice] = await ctx.db
    .update(notifications)
    .set({ [claimedKey[channel]]: now })
    .where(
      and(
        eq(notifications.id, id),
        isNull(sentColumn[channel]),
        or(
          isNull(claimedColumn[channel]),
          lt(claimedColumn[channel], new Date(now.getTime() - NOTIFICATION_CLAIM_MS)),
        ),
      ),
    )
    .returning();
  if (!notice) {
    const [row] = await ctx.db
      .select({ sentAt: sentColumn[channel] })
      .from(notifications)
      .where(eq(notifications.id, id));
    return !row || row.sentAt ? 'skipped' : 'busy';
  }
  // Lets the claim go: this call's own only (should it ever outlive its claim, the instance
  // that took the channel over keeps its own).
  const release = () =>
    ctx.db
      .update(notifications)
      .set({ [claimedKey[channel]]: null })
      .where(and(eq(notifications.id, id), eq(claimedColumn[channel], now)));
  /** Nothing to send by this channel (no text, no number): the claim is let go. */
  const skip = async () => {
    await release();
    return 'skipped' as const;
  };
  const member = await memberOf(ctx, notice.userId);
  if (!member) return skip();
  if (channel !== 'email') {
    const held = afterQuietHours(now, member.quietFrom, member.quietUntil);
    if (held > now) {
      await release();
      await scheduleJob(ctx.db, {
        kind: NOTIFICATION_SEND,
        key: `notification:${id}:${channel}:${held.toISOString()}`,
        runAt: held,
        payload: { id, channel },
      });
      return 'held';
    }
  }
  try {
    if (channel === 'email') {
      const to = reachOf(member).email;
      if (!to || !notice.emailSubject || !notice.emailText) return await skip();
      await ctx.mailer.send({
        to,
        subject: notice.emailSubject,
        text: notice.emailText,
        messageId: noticeMessageId(ctx.config.publicUrl, id),
      });
    } else if (channel === 'sms') {
      const to = reachOf(member).phone;
      if (!to || !notice.smsText) return await skip();
      await ctx.sms.send({ to, text: notice.smsText });
    } else {
      await pushToDevices(ctx, notice);
    }
  } catch (error) {
    await release();
    throw error;
  }
  await ctx.db
    .update(notifications)
    .set({ [sentKey[channel]]: ctx.now(), [claimedKey[channel]]: null })
    .where(eq(notifications.id, id));
  return 'sent';
}

/**
 * A push to each of the member's devices, all at once, each push service given
 * PUSH_TIMEOUT_MS: a job takes that long at most, however many devices stay silent. A device
 * the push service says is gone is forgotten. Throws only when no device took it and one
 * failed (a retry would not repeat a push a device already has).
 */
async function pushToDevices(ctx: Ctx, notice: typeof notifications.$inferSelect) {
  const devices = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId));
  let sent = 0;
  let lastError: unknown;
  await Promise.all(
    devices.map(async (device) => {
      try {
        const answer = await sendPush(
          device,
          { title: notice.title, body: notice.body, url: notice.url, tag: notice.key },
          {
            vapid: { subject: ctx.config.vapidSubject, ...ctx.secrets.vapid },
            testOrigin: ctx.config.pushTestOrigin,
            timeoutMs: PUSH_TIMEOUT_MS,
          },
        );
        if (answer === 'gone') {
          await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          ctx.log.info({ device: device.id }, 'a push subscription is gone: forgotten');
        } else {
          sent += 1;
        }
      } catch (error) {
        lastError = error;
        ctx.log.warn({ err: error, device: device.id }, 'a push was not taken');
      }
    }),
  );
  if (sent === 0 && lastError) throw lastError;
}

export function notificationJobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return {
    [NOTIFICATION_SEND]: async (job) => {
      const { id, channel } = job.payload as { id: string; channel: NotificationChannel };
      // Another instance is sending it (or died doing so): again later, when its claim is
      // over if it died; it is then sent, or found sent.
      if ((await deliver(ctx, id, channel)) === 'busy') throw new NoticeBusy(id, channel);
    },
  };
}
