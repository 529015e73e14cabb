import { m } from '../../paraglide/messages.js';
import { formatLongDate } from '../format.ts';
import { TEXT_MAX, TEXTAREA_MAX, type AnswerValue, type Answers, type FieldDef } from './fields.ts';

// What an answer means, on both sides: shown or not, empty or not, as a person reads it, and
// what is wrong with it (the web form per step; the server for every shown field).

/** Whether a field is shown (and kept) given the other answers. */
export function isShown(field: FieldDef, answers: Answers): boolean {
  return !field.when || answers[field.when.field] === field.when.is;
}

export function isEmptyAnswer(value: AnswerValue | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

/** An answer as a person reads it: option labels instead of values. */
export function displayAnswer(field: FieldDef, value: AnswerValue | undefined): string {
  if (isEmptyAnswer(value)) return '—';
  if (field.kind === 'date' && typeof value === 'string' && isCalendarDate(value)) {
    return formatLongDate(value);
  }
  const label = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
  return Array.isArray(value) ? value.map(label).join(', ') : label(value!);
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && year >= 1900;
}

/**
 * What is wrong with one answer, in words for the applicant, or null. The web form runs it
 * per step; the server runs it for every shown field (schemas/workers.ts).
 */
export function checkField(field: FieldDef, value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return field.required ? m.shared_workers_fill_in({ label: field.label }) : null;
  }
  if (field.kind === 'checkboxes') {
    if (!Array.isArray(value)) return m.shared_workers_choose_from_options();
    if (value.length === 0)
      return field.required ? m.shared_workers_fill_in({ label: field.label }) : null;
    const allowed = new Set(field.options?.map((o) => o.value));
    if (new Set(value).size !== value.length || !value.every((v) => allowed.has(v as string))) {
      return m.shared_workers_choose_from_options();
    }
    return null;
  }
  if (typeof value !== 'string') return m.shared_workers_enter_text();
  const text = value.trim();
  const max = field.kind === 'textarea' ? TEXTAREA_MAX : TEXT_MAX;
  if (text.length > max) return m.shared_support_too_long({ label: field.label, max });
  switch (field.kind) {
    case 'email':
      return emailPattern.test(text) ? null : m.shared_accounts_email_invalid();
    case 'tel': {
      const digits = text.replace(/\D/g, '').length;
      return /^\+?[0-9][0-9 ()-]*$/.test(text) && digits >= 7 && digits <= 15
        ? null
        : m.shared_workers_phone_invalid();
    }
    case 'date':
      return isCalendarDate(text) ? null : m.shared_workers_date_invalid();
    case 'select':
    case 'radio':
      return field.options?.some((o) => o.value === text)
        ? null
        : m.shared_workers_choose_one_option();
    case 'image':
      return uuidPattern.test(text)
        ? null
        : m.shared_workers_upload_field_again({ label: field.label.toLowerCase() });
    case 'assembly':
      return text.length <= 60 ? null : m.shared_workers_choose_branch();
    default:
      return null;
  }
}

/** The first problem of each shown field of `fields`, by field name. */
export function sectionProblems(fields: readonly FieldDef[], answers: Answers) {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    if (!isShown(field, answers)) continue;
    const problem = checkField(field, answers[field.name]);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}
