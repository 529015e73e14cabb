import type { Answers } from '../../shared/workers/fields.ts';
import type { ApplicationRole } from '../../shared/workers/roles.ts';

// A whole, valid application's answers, for the HTTP tests and the browser specs alike (no
// test-runner imports here, so both can load it).

/** Every required answer of a role's form, valid (a single applicant, national ID). */
export function validAnswers(role: ApplicationRole, overrides: Answers = {}): Answers {
  return {
    ...(role === 'pastor' ? { pastor_type: 'full-time' } : {}),
    full_name: 'Kwame Mensah',
    dob: '1985-04-12',
    gender: 'male',
    contact_number: '+233241234567',
    email: 'kwame@example.com',
    residential_address: 'House 12, Adum, Kumasi',
    nationality: 'Ghanaian',
    id_type: 'ghana_card',
    id_number: 'GHA-123456789-0',
    marital_status: 'single',
    current_branch: 'grace',
    location: 'Kumasi',
    position_title: 'Assistant Pastor',
    lts: ['level_1', 'level_2'],
    secular_education: 'BSc Accounting',
    born_again_date: '2001-01-07',
    baptism_water_date: '2001-06-03',
    cgi_date: '2003-09-14',
    supervisor_name: 'Rev. Ama Owusu',
    supervisor_church_assembly: 'Grace Assembly',
    supervisor_position_title: 'Senior Pastor',
    supervisor_contact: '+233201112222',
    minister_name: 'Rev. Kofi Boateng',
    minister_church_assembly: 'Bethel Assembly',
    minister_position_title: 'Area Head',
    minister_contact: '+233209998888',
    appointment_date: '2025-10-01',
    appointed_by: 'The General Council',
    appointed_to: 'Grace Assembly',
    position_title_1: 'Pastor',
    ...overrides,
  };
}
