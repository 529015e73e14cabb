import { m } from '../../paraglide/messages.js';
import type { Option, SectionDef } from './fields.ts';
import { isApplicationRole } from './roles.ts';

// The workers' application (spec §2 Role chooser and application, §3 fields 1–8, §5): ONE
// declarative definition that the web form, its review step, the admin view and the server's
// validation (schemas/workers.ts) all read. A field is written here once and nowhere else.

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
