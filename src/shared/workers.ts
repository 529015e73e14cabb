import { m } from '../paraglide/messages.js';
import type { ApplicationStatus, WorkerRole } from './constants.ts';
import { formatLongDate } from './format.ts';

// The workers' application (spec §2 Role chooser and application, §3 fields 1–8, §5): ONE
// declarative definition that the web form, its review step, the admin view and the server's
// validation (schemas/workers.ts) all read. A field is written here once and nowhere else.

/** The longest reason for a rejection an admin may give. */
export const DECISION_REASON_MAX = 1000;

/** The reject dialog's check, as decisionSchema's `reason` (the admin screen loads no zod). */
export function checkRejection(values: {
  reason: string;
}): { ok: true; values: { reason: string } } | { ok: false; errors: { reason: string } } {
  const reason = values.reason.trim();
  if (!reason) return { ok: false, errors: { reason: m.shared_workers_reason_required() } };
  if (reason.length > DECISION_REASON_MAX) {
    return {
      ok: false,
      errors: { reason: m.shared_workers_at_most({ max: DECISION_REASON_MAX }) },
    };
  }
  return { ok: true, values: { reason } };
}

/** Readable names for the roles of spec §2 Role chooser. */
export const ROLE_LABELS: Record<WorkerRole, string> = {
  get reverend_minister() {
    return m.shared_workers_role_reverend_minister();
  },
  get pastor() {
    return m.shared_workers_role_pastor();
  },
  get elder() {
    return m.shared_workers_role_elder();
  },
  get campus_pastor() {
    return m.shared_workers_role_campus_pastor();
  },
  get cell_leader() {
    return m.shared_workers_role_cell_leader();
  },
};

/** Only these roles have a form (spec §2); the others show m.shared_workers_no_form(). */
export const APPLICATION_ROLES = ['pastor', 'elder'] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

export const isApplicationRole = (role: string): role is ApplicationRole =>
  (APPLICATION_ROLES as readonly string[]).includes(role);

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  get pending() {
    return m.shared_workers_status_pending();
  },
  get approved() {
    return m.shared_workers_status_approved();
  },
  get rejected() {
    return m.shared_workers_status_rejected();
  },
};

export const UPLOAD_KINDS = ['passport_photo', 'signature'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Largest accepted upload, before it is re-encoded (the server refuses bigger). */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  passport_photo: 5 * 1024 * 1024,
  signature: 512 * 1024,
};

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'date'
  | 'select'
  | 'radio'
  | 'checkboxes'
  /** One of the church's assemblies (options come from /api/church). */
  | 'assembly'
  /** An image file, uploaded on its own; the answer is the upload's id. */
  | 'image';

export interface Option {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options?: readonly Option[];
  /** Shown, kept and checked only while another field has this value. */
  when?: { field: string; is: string };
  /** Only on these roles' forms (all roles when absent). */
  roles?: readonly ApplicationRole[];
  /** Filled in from what the member already gave at sign-up. */
  prefill?: 'fullName' | 'email' | 'phone' | 'assembly';
  autoComplete?: string;
}

export interface SectionDef {
  id: string;
  title: string;
  fields: readonly FieldDef[];
}

/** Text answers longer than this are refused (a textarea's is TEXTAREA_MAX). */
export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;

// The labels are the reader's language (decision 043): every definition below is built when
// asked for, never at load, so the server answers each request in its own language. The
// values (field names, option values) are what is stored, and never change with it.

/** The two appointment letters of a pastor (spec §2 Appointment view), as the admin picks one. */
export const pastorTypeOptions = (): Option[] => [
  { value: 'lay', label: m.shared_workers_pastor_type_lay() },
  { value: 'full-time', label: m.shared_workers_pastor_type_full_time() },
];

/** Every section of the form (all roles), in the reader's language. */
export function applicationSections(): readonly SectionDef[] {
  const married = { field: 'marital_status', is: 'married' };
  return [
    {
      id: 'personal',
      title: m.shared_workers_section_personal(),
      fields: [
        {
          name: 'pastor_type',
          label: m.shared_workers_field_pastor_type(),
          kind: 'radio',
          required: true,
          options: pastorTypeOptions(),
          roles: ['pastor'],
        },
        {
          name: 'full_name',
          label: m.shared_workers_field_full_name(),
          kind: 'text',
          required: true,
          prefill: 'fullName',
          autoComplete: 'name',
        },
        {
          name: 'dob',
          label: m.shared_workers_field_dob(),
          kind: 'date',
          required: true,
          autoComplete: 'bday',
        },
        {
          name: 'gender',
          label: m.shared_workers_field_gender(),
          kind: 'radio',
          required: true,
          options: [
            { value: 'male', label: m.shared_workers_option_male() },
            { value: 'female', label: m.shared_workers_option_female() },
          ],
        },
        {
          name: 'contact_number',
          label: m.shared_workers_field_contact_number(),
          kind: 'tel',
          required: true,
          prefill: 'phone',
          autoComplete: 'tel',
        },
        {
          name: 'email',
          label: m.shared_workers_field_email(),
          kind: 'email',
          required: true,
          prefill: 'email',
          autoComplete: 'email',
        },
        {
          name: 'residential_address',
          label: m.shared_workers_field_residential_address(),
          kind: 'textarea',
          required: true,
          autoComplete: 'street-address',
        },
        {
          name: 'nationality',
          label: m.shared_workers_field_nationality(),
          kind: 'text',
          required: true,
        },
        {
          name: 'id_type',
          label: m.shared_workers_field_id_type(),
          kind: 'select',
          required: true,
          options: [
            { value: 'passport', label: m.shared_workers_option_passport() },
            { value: 'drivers_license', label: m.shared_workers_option_drivers_license() },
            { value: 'ghana_card', label: m.shared_workers_option_ghana_card() },
            { value: 'other', label: m.shared_workers_option_other() },
          ],
        },
        {
          name: 'id_other_specify',
          label: m.shared_workers_field_id_other_specify(),
          kind: 'text',
          required: true,
          when: { field: 'id_type', is: 'other' },
        },
        {
          name: 'id_number',
          label: m.shared_workers_field_id_number(),
          kind: 'text',
          required: true,
        },
        {
          name: 'marital_status',
          label: m.shared_workers_field_marital_status(),
          kind: 'select',
          required: true,
          options: [
            { value: 'single', label: m.shared_workers_option_single() },
            { value: 'married', label: m.shared_workers_option_married() },
            { value: 'widowed', label: m.shared_workers_option_widowed() },
            { value: 'divorced', label: m.shared_workers_option_divorced() },
          ],
        },
        {
          name: 'spouse_name',
          label: m.shared_workers_field_spouse_name(),
          kind: 'text',
          required: true,
          when: married,
        },
        {
          name: 'spouse_contact',
          label: m.shared_workers_field_spouse_contact(),
          kind: 'tel',
          required: true,
          when: married,
        },
        {
          name: 'spouse_email',
          label: m.shared_workers_field_spouse_email(),
          kind: 'email',
          required: false,
          when: married,
        },
        {
          name: 'spouse_residential_address',
          label: m.shared_workers_field_spouse_residential_address(),
          kind: 'textarea',
          required: false,
          when: married,
        },
        {
          name: 'spouse_nationality',
          label: m.shared_workers_field_spouse_nationality(),
          kind: 'text',
          required: true,
          when: married,
        },
        {
          name: 'passport_photo',
          label: m.shared_workers_field_passport_photo(),
          kind: 'image',
          required: true,
        },
      ],
    },
    {
      id: 'ministry',
      title: m.shared_workers_section_ministry(),
      fields: [
        {
          name: 'current_branch',
          label: m.shared_workers_field_current_branch(),
          kind: 'assembly',
          required: true,
          prefill: 'assembly',
        },
        {
          name: 'location',
          label: m.shared_workers_field_location(),
          kind: 'text',
          required: true,
        },
        {
          name: 'position_title',
          label: m.shared_workers_field_position_title(),
          kind: 'text',
          required: true,
        },
        {
          name: 'date_appointed',
          label: m.shared_workers_field_date_appointed(),
          kind: 'date',
          required: false,
        },
        {
          name: 'previous_experience',
          label: m.shared_workers_field_previous_experience(),
          kind: 'textarea',
          required: false,
        },
        {
          name: 'ministry_strengths',
          label: m.shared_workers_field_ministry_strengths(),
          kind: 'textarea',
          required: false,
        },
      ],
    },
    {
      id: 'education',
      title: m.shared_workers_section_education(),
      fields: [
        {
          name: 'lts',
          label: m.shared_workers_field_lts(),
          kind: 'checkboxes',
          required: false,
          options: [
            { value: 'level_1', label: m.shared_workers_option_lts_level_1() },
            { value: 'level_2', label: m.shared_workers_option_lts_level_2() },
            { value: 'level_3', label: m.shared_workers_option_lts_level_3() },
          ],
        },
        {
          name: 'secular_education',
          label: m.shared_workers_field_secular_education(),
          kind: 'text',
          required: true,
        },
        {
          name: 'other_certifications',
          label: m.shared_workers_field_other_certifications(),
          kind: 'textarea',
          required: false,
        },
      ],
    },
    {
      id: 'spiritual',
      title: m.shared_workers_section_spiritual(),
      fields: [
        {
          name: 'born_again_date',
          label: m.shared_workers_field_born_again_date(),
          kind: 'date',
          required: true,
        },
        {
          name: 'baptism_water_date',
          label: m.shared_workers_field_baptism_water_date(),
          kind: 'date',
          required: true,
        },
        {
          name: 'cgi_date',
          label: m.shared_workers_field_cgi_date(),
          kind: 'date',
          required: true,
        },
        {
          name: 'spiritual_gifts',
          label: m.shared_workers_field_spiritual_gifts(),
          kind: 'textarea',
          required: false,
        },
      ],
    },
    {
      id: 'supervisor',
      title: m.shared_workers_section_supervisor(),
      fields: [
        {
          name: 'supervisor_name',
          label: m.shared_workers_field_supervisor_name(),
          kind: 'text',
          required: true,
        },
        {
          name: 'supervisor_church_assembly',
          label: m.shared_workers_field_supervisor_church_assembly(),
          kind: 'text',
          required: true,
        },
        {
          name: 'supervisor_position_title',
          label: m.shared_workers_field_supervisor_position_title(),
          kind: 'text',
          required: true,
        },
        {
          name: 'supervisor_contact',
          label: m.shared_workers_field_supervisor_contact(),
          kind: 'tel',
          required: true,
        },
      ],
    },
    {
      id: 'minister',
      title: m.shared_workers_section_minister(),
      fields: [
        {
          name: 'minister_name',
          label: m.shared_workers_field_minister_name(),
          kind: 'text',
          required: true,
        },
        {
          name: 'minister_church_assembly',
          label: m.shared_workers_field_minister_church_assembly(),
          kind: 'text',
          required: true,
        },
        {
          name: 'minister_position_title',
          label: m.shared_workers_field_minister_position_title(),
          kind: 'text',
          required: true,
        },
        {
          name: 'minister_contact',
          label: m.shared_workers_field_minister_contact(),
          kind: 'tel',
          required: true,
        },
      ],
    },
    {
      id: 'appointment',
      title: m.shared_workers_section_appointment(),
      fields: [
        {
          name: 'appointment_date',
          label: m.shared_workers_field_appointment_date(),
          kind: 'date',
          required: true,
        },
        {
          name: 'appointed_by',
          label: m.shared_workers_field_appointed_by(),
          kind: 'text',
          required: true,
        },
        {
          name: 'appointed_to',
          label: m.shared_workers_field_appointed_to(),
          kind: 'text',
          required: true,
        },
        {
          name: 'position_title_1',
          label: m.shared_workers_field_position_title(),
          kind: 'text',
          required: true,
        },
      ],
    },
  ];
}

/** Section 8 (spec §3): the declaration the applicant agrees to, then a drawn signature. */
export const DECLARATION = {
  name: 'agree_terms',
  get statements(): readonly string[] {
    return [
      m.shared_workers_declaration_unpaid(),
      m.shared_workers_declaration_faithful(),
      m.shared_workers_declaration_laws(),
      m.shared_workers_declaration_constitution(),
    ];
  },
} as const;

/** The sections of a role's form, with the fields that role has (null: no form). */
export function formFor(role: string): readonly SectionDef[] | null {
  if (!isApplicationRole(role)) return null;
  return applicationSections().map((section) => ({
    ...section,
    fields: section.fields.filter((field) => !field.roles || field.roles.includes(role)),
  }));
}

export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue | undefined>;

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

// ---------------------------------------------------------------- API shapes

export type WorkerPortalStatus = ApplicationStatus | 'not_applied';

export interface WorkerStatus {
  status: WorkerPortalStatus;
  application: {
    id: string;
    role: WorkerRole;
    createdAt: string;
    /** Why it was rejected, as the admin wrote it (null unless rejected). */
    reason: string | null;
  } | null;
}

export interface ApplicationSummary {
  id: string;
  role: WorkerRole;
  status: ApplicationStatus;
  createdAt: string;
  applicantName: string;
  applicantEmail: string;
}

export interface ApplicationDecision {
  status: ApplicationStatus;
  previousStatus: ApplicationStatus;
  pastorType: string | null;
  reason: string | null;
  decidedBy: string;
  decidedAt: string;
}

export interface ApplicationDetail extends ApplicationSummary {
  answers: Answers;
  pastorType: string | null;
  /** Expiring links to the private files (admins only). */
  files: { passportPhoto: string | null; signature: string | null };
  decisions: ApplicationDecision[];
}

// ---------------------------------------------------------------- checks (both sides)

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
