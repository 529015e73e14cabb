import type { ApplicationRole } from './roles.ts';

// The vocabulary of the workers' application (decision 013): what a field and a section are,
// and what an answer is. The fields themselves are in form.ts; the checks in answers.ts.

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

export type AnswerValue = string | string[];
export type Answers = Record<string, AnswerValue | undefined>;
