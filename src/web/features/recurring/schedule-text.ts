import { formatCedis, OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { ruleText, type ScheduleView } from '../../../shared/recurring.ts';
import { m } from '../../../paraglide/messages.js';

/** "Sun, 29 Nov 2026" */
export const dateText = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Tithe · GHS 100.00" */
export const scheduleTitle = (schedule: ScheduleView) =>
  `${schedule.otherType ?? OFFERING_TYPE_LABELS[schedule.type]} · GHS ${formatCedis(schedule.amount)}`;

/** "Every Sunday · next Sun, 29 Nov 2026" */
export const scheduleWhen = (schedule: ScheduleView) =>
  `${ruleText(schedule.frequency, schedule.day)}${schedule.nextDueOn ? ` · ${m.recurring_next({ date: dateText(schedule.nextDueOn) })}` : ''}`;
