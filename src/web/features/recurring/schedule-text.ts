import { formatGhs, formatWeekdayDate } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { ruleText, type ScheduleView } from '../../../shared/recurring.ts';
import { m } from '../../../paraglide/messages.js';

/** "Tithe · GHS 100.00" */
export const scheduleTitle = (schedule: ScheduleView) =>
  `${schedule.otherType ?? OFFERING_TYPE_LABELS[schedule.type]} · ${formatGhs(schedule.amount)}`;

/** "Every Sunday · next Sun, 29 Nov 2026" */
export const scheduleWhen = (schedule: ScheduleView) =>
  `${ruleText(schedule.frequency, schedule.day)}${schedule.nextDueOn ? ` · ${m.recurring_next({ date: formatWeekdayDate(schedule.nextDueOn) })}` : ''}`;
