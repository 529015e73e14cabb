import { sql } from 'drizzle-orm';
import { formatGhanaTime } from '../../../shared/format.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { notify } from '../../core/notify.ts';
import { EVENT_REMINDER, rowsOf } from './events.service.ts';

// The reminder a day before an event, to each member going (the job schedule sends it).

interface ReminderRow {
  event_id: string;
  title: string;
  place: string;
  starts_at: Date | string;
  user_id: string | null;
}

/**
 * Sends one member's reminder, if their reply is still 'going', not yet reminded and the event
 * not yet started. It is a notice (core/notify.ts), sent by their channels (SMS
 * only to a proved phone) and retried there, in their language: written first (once, by its
 * key), reminded_at set after, so a crash between the two leaves the job to write it again,
 * which finds it written and sends nothing twice. A guest's reply gets none (decision 050):
 * a job scheduled for one before that is skipped.
 */
export async function sendEventReminder(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sms' | 'church' | 'config' | 'log' | 'secrets' | 'now'>,
  rsvpId: string,
  now: Date,
): Promise<'sent' | 'skipped'> {
  const due = sql`r.id = ${rsvpId} and e.id = r.event_id and r.going and r.reminded_at is null
    and e.starts_at > ${now.toISOString()}::timestamptz`;
  const [reply] = rowsOf<ReminderRow>(
    await ctx.db.execute(sql`
      select r.event_id, e.title, e.place, e.starts_at, r.user_id
      from event_rsvps r join events e on e.id = r.event_id
      where ${due}`),
  );
  if (!reply?.user_id) return 'skipped';
  // Dates keep en-GH in either language (decision 042).
  const facts = {
    church: ctx.church.registeredName,
    title: reply.title,
    when: formatGhanaTime(reply.starts_at),
    place: reply.place,
    link: `${ctx.config.publicUrl}/events/${reply.event_id}`,
  };
  const markReminded = async () =>
    rowsOf<{ id: string }>(
      await ctx.db.execute(sql`
        update event_rsvps r set reminded_at = ${now.toISOString()}::timestamptz
        from events e
        where ${due}
        returning r.id`),
    ).length > 0;

  await notify(ctx, {
    userId: reply.user_id,
    kind: 'event.reminder',
    key: rsvpId,
    url: `/events/${reply.event_id}`,
    texts: () => ({
      title: m.mail_events_reminder_subject(facts),
      body: m.server_events_reminder_body(facts),
      email: {
        subject: m.mail_events_reminder_subject(facts),
        text: m.mail_events_reminder_text(facts),
      },
      sms: m.sms_events_reminder(facts),
    }),
  });
  return (await markReminded()) ? 'sent' : 'skipped';
}

export function eventJobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return {
    [EVENT_REMINDER]: async (job) => {
      const rsvpId = String(job.payload.rsvpId ?? '');
      if (rsvpId) await sendEventReminder(ctx, rsvpId, ctx.now());
    },
  };
}
