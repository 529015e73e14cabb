import type { ApplicationStatus, WorkerRole } from './constants.ts';

// The workers' application (spec §2 Role chooser and application, §3 fields 1–8, §5): ONE
// declarative definition that the web form, its review step, the admin view and the server's
// validation (schemas/workers.ts) all read. A field is written here once and nowhere else.

export const WORKER_MESSAGES = {
  fillIn: (label: string) => `Please fill in "${label}" before continuing.`,
  mustAgree: (label: string) => `You must agree to "${label}" to continue.`,
  signatureMissing: 'Please provide your signature before submitting.',
  mustLogIn: 'You must be logged in to apply.',
  uploadFailed: (label: string) => `Error uploading ${label}`,
  signatureUploadFailed: 'Error uploading signature.',
  saveFailed: 'Error saving application.',
  submitted: '✅ Application submitted successfully!',
  noForm: (role: string) => `Form configuration not found for role: ${role}`,
  marked: (status: string) => `Application marked as ${status}`,
  updateFailed: 'Failed to update status.',
  alreadyPending: 'You already have an application under review.',
  reasonRequired: 'Tell the applicant why the application is rejected.',
} as const;

/** The longest reason for a rejection an admin may give. */
export const DECISION_REASON_MAX = 1000;

/** The reject dialog's check, as decisionSchema's `reason` (the admin screen loads no zod). */
export function checkRejection(values: {
  reason: string;
}): { ok: true; values: { reason: string } } | { ok: false; errors: { reason: string } } {
  const reason = values.reason.trim();
  if (!reason) return { ok: false, errors: { reason: WORKER_MESSAGES.reasonRequired } };
  if (reason.length > DECISION_REASON_MAX) {
    return { ok: false, errors: { reason: `At most ${DECISION_REASON_MAX} characters.` } };
  }
  return { ok: true, values: { reason } };
}

/** Readable names for the roles of spec §2 Role chooser. */
export const ROLE_LABELS: Record<WorkerRole, string> = {
  reverend_minister: 'Reverend Minister',
  pastor: 'Pastor',
  elder: 'Elder',
  campus_pastor: 'Campus Pastor',
  cell_leader: 'Cell Leader',
};

/** Only these roles have a form (spec §2); the others show WORKER_MESSAGES.noForm. */
export const APPLICATION_ROLES = ['pastor', 'elder'] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

export const isApplicationRole = (role: string): role is ApplicationRole =>
  (APPLICATION_ROLES as readonly string[]).includes(role);

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
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

const opts = (...pairs: [string, string][]): Option[] =>
  pairs.map(([value, label]) => ({ value, label }));

/** Text answers longer than this are refused (a textarea's is TEXTAREA_MAX). */
export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;

export const PASTOR_TYPE_OPTIONS = opts(['lay', 'Lay pastor'], ['full-time', 'Full-time pastor']);

export const APPLICATION_SECTIONS: readonly SectionDef[] = [
  {
    id: 'personal',
    title: 'Personal Information',
    fields: [
      {
        name: 'pastor_type',
        label: 'Pastor type',
        kind: 'radio',
        required: true,
        options: PASTOR_TYPE_OPTIONS,
        roles: ['pastor'],
      },
      {
        name: 'full_name',
        label: 'Full name',
        kind: 'text',
        required: true,
        prefill: 'fullName',
        autoComplete: 'name',
      },
      { name: 'dob', label: 'Date of birth', kind: 'date', required: true, autoComplete: 'bday' },
      {
        name: 'gender',
        label: 'Gender',
        kind: 'radio',
        required: true,
        options: opts(['male', 'Male'], ['female', 'Female']),
      },
      {
        name: 'contact_number',
        label: 'Contact number',
        kind: 'tel',
        required: true,
        prefill: 'phone',
        autoComplete: 'tel',
      },
      {
        name: 'email',
        label: 'Email',
        kind: 'email',
        required: true,
        prefill: 'email',
        autoComplete: 'email',
      },
      {
        name: 'residential_address',
        label: 'Residential address',
        kind: 'textarea',
        required: true,
        autoComplete: 'street-address',
      },
      { name: 'nationality', label: 'Nationality', kind: 'text', required: true },
      {
        name: 'id_type',
        label: 'ID type',
        kind: 'select',
        required: true,
        options: opts(
          ['passport', 'Passport'],
          ['drivers_license', "Driver's licence"],
          ['ghana_card', 'Ghana Card'],
          ['other', 'Other'],
        ),
      },
      {
        name: 'id_other_specify',
        label: 'Other ID type',
        kind: 'text',
        required: true,
        when: { field: 'id_type', is: 'other' },
      },
      { name: 'id_number', label: 'ID number', kind: 'text', required: true },
      {
        name: 'marital_status',
        label: 'Marital status',
        kind: 'select',
        required: true,
        options: opts(
          ['single', 'Single'],
          ['married', 'Married'],
          ['widowed', 'Widowed'],
          ['divorced', 'Divorced'],
        ),
      },
      {
        name: 'spouse_name',
        label: "Spouse's name",
        kind: 'text',
        required: true,
        when: { field: 'marital_status', is: 'married' },
      },
      {
        name: 'spouse_contact',
        label: "Spouse's contact number",
        kind: 'tel',
        required: true,
        when: { field: 'marital_status', is: 'married' },
      },
      {
        name: 'spouse_email',
        label: "Spouse's email",
        kind: 'email',
        required: false,
        when: { field: 'marital_status', is: 'married' },
      },
      {
        name: 'spouse_residential_address',
        label: "Spouse's residential address",
        kind: 'textarea',
        required: false,
        when: { field: 'marital_status', is: 'married' },
      },
      {
        name: 'spouse_nationality',
        label: "Spouse's nationality",
        kind: 'text',
        required: true,
        when: { field: 'marital_status', is: 'married' },
      },
      { name: 'passport_photo', label: 'Passport photo', kind: 'image', required: true },
    ],
  },
  {
    id: 'ministry',
    title: 'Ministry Information',
    fields: [
      {
        name: 'current_branch',
        label: 'Current branch',
        kind: 'assembly',
        required: true,
        prefill: 'assembly',
      },
      { name: 'location', label: 'Location', kind: 'text', required: true },
      { name: 'position_title', label: 'Position / title', kind: 'text', required: true },
      { name: 'date_appointed', label: 'Date appointed', kind: 'date', required: false },
      {
        name: 'previous_experience',
        label: 'Previous ministry experience',
        kind: 'textarea',
        required: false,
      },
      {
        name: 'ministry_strengths',
        label: 'Ministry strengths',
        kind: 'textarea',
        required: false,
      },
    ],
  },
  {
    id: 'education',
    title: 'Education',
    fields: [
      {
        name: 'lts',
        label: 'Leadership Training School (LTS) levels completed',
        kind: 'checkboxes',
        required: false,
        options: opts(
          ['level_1', 'Level 1 completed'],
          ['level_2', 'Level 2 completed'],
          ['level_3', 'Level 3 completed'],
        ),
      },
      {
        name: 'secular_education',
        label: 'Highest secular education',
        kind: 'text',
        required: true,
      },
      {
        name: 'other_certifications',
        label: 'Other certifications',
        kind: 'textarea',
        required: false,
      },
    ],
  },
  {
    id: 'spiritual',
    title: 'Spiritual Background',
    fields: [
      { name: 'born_again_date', label: 'Date born again', kind: 'date', required: true },
      {
        name: 'baptism_water_date',
        label: 'Date of water baptism',
        kind: 'date',
        required: true,
      },
      { name: 'cgi_date', label: 'Date you joined the church', kind: 'date', required: true },
      { name: 'spiritual_gifts', label: 'Spiritual gifts', kind: 'textarea', required: false },
    ],
  },
  {
    id: 'supervisor',
    title: 'Supervisor',
    fields: [
      { name: 'supervisor_name', label: "Supervisor's name", kind: 'text', required: true },
      {
        name: 'supervisor_church_assembly',
        label: "Supervisor's church / assembly",
        kind: 'text',
        required: true,
      },
      {
        name: 'supervisor_position_title',
        label: "Supervisor's position / title",
        kind: 'text',
        required: true,
      },
      {
        name: 'supervisor_contact',
        label: "Supervisor's contact number",
        kind: 'tel',
        required: true,
      },
    ],
  },
  {
    id: 'minister',
    title: 'Minister',
    fields: [
      { name: 'minister_name', label: "Minister's name", kind: 'text', required: true },
      {
        name: 'minister_church_assembly',
        label: "Minister's church / assembly",
        kind: 'text',
        required: true,
      },
      {
        name: 'minister_position_title',
        label: "Minister's position / title",
        kind: 'text',
        required: true,
      },
      {
        name: 'minister_contact',
        label: "Minister's contact number",
        kind: 'tel',
        required: true,
      },
    ],
  },
  {
    id: 'appointment',
    title: 'Appointment',
    fields: [
      { name: 'appointment_date', label: 'Appointment date', kind: 'date', required: true },
      { name: 'appointed_by', label: 'Appointed by', kind: 'text', required: true },
      { name: 'appointed_to', label: 'Appointed to', kind: 'text', required: true },
      { name: 'position_title_1', label: 'Position / title', kind: 'text', required: true },
    ],
  },
];

/** Section 8 (spec §3): the declaration the applicant agrees to, then a drawn signature. */
export const DECLARATION = {
  name: 'agree_terms',
  label: 'I agree to this declaration',
  statements: [
    'I offer this service voluntarily and understand that it is unpaid.',
    'I will carry out the duties of the role faithfully and to the best of my ability.',
    'I will comply with the laws of the land in all my conduct.',
    'I will abide by the constitution of the church.',
  ],
} as const;

/** The sections of a role's form, with the fields that role has (null: no form). */
export function formFor(role: string): readonly SectionDef[] | null {
  if (!isApplicationRole(role)) return null;
  return APPLICATION_SECTIONS.map((section) => ({
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
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

export function displayAnswer(field: FieldDef, value: AnswerValue | undefined): string {
  if (isEmptyAnswer(value)) return '—';
  if (field.kind === 'date' && typeof value === 'string' && isCalendarDate(value)) {
    return longDate.format(new Date(`${value}T00:00:00Z`));
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
    return field.required ? WORKER_MESSAGES.fillIn(field.label) : null;
  }
  if (field.kind === 'checkboxes') {
    if (!Array.isArray(value)) return 'Choose from the options.';
    if (value.length === 0) return field.required ? WORKER_MESSAGES.fillIn(field.label) : null;
    const allowed = new Set(field.options?.map((o) => o.value));
    if (new Set(value).size !== value.length || !value.every((v) => allowed.has(v as string))) {
      return 'Choose from the options.';
    }
    return null;
  }
  if (typeof value !== 'string') return 'Enter text.';
  const text = value.trim();
  const max = field.kind === 'textarea' ? TEXTAREA_MAX : TEXT_MAX;
  if (text.length > max) return `${field.label} must be at most ${max} characters.`;
  switch (field.kind) {
    case 'email':
      return emailPattern.test(text) ? null : 'Enter a valid email address.';
    case 'tel': {
      const digits = text.replace(/\D/g, '').length;
      return /^\+?[0-9][0-9 ()-]*$/.test(text) && digits >= 7 && digits <= 15
        ? null
        : 'Enter a valid phone number (at most 15 digits).';
    }
    case 'date':
      return isCalendarDate(text) ? null : 'Enter a valid date.';
    case 'select':
    case 'radio':
      return field.options?.some((o) => o.value === text) ? null : 'Choose one of the options.';
    case 'image':
      return uuidPattern.test(text) ? null : `Upload the ${field.label.toLowerCase()} again.`;
    case 'assembly':
      return text.length <= 60 ? null : 'Choose your branch.';
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
