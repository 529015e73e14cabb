import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formFor, isShown, type Answers, type FieldDef } from '../../../src/shared/workers.ts';
import { expect } from './test.ts';

// Steps of the workers' application the browser specs share: answers filled in through the
// form's own labels (from the one definition), a real photo, a signature drawn with a pointer.

/** A real JPEG, as a phone camera would give (3000×4000 is shrunk by the page first). */
export const photoFile = async (width = 900, height = 1200) => ({
  name: 'passport.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height, channels: 3, background: '#7b5236' } })
    .jpeg()
    .toBuffer(),
});

export const answersFor = (overrides: Answers = {}): Answers => ({
  pastor_type: 'full-time',
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
  lts: ['level_1'],
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
});

/** Fills one field through its label, as a person would. */
export async function fillField(page: Page, field: FieldDef, value: Answers[string]) {
  if (value === undefined) return;
  switch (field.kind) {
    case 'radio': {
      const option = field.options!.find((o) => o.value === value)!;
      await page
        .getByRole('group', { name: field.label })
        .getByLabel(option.label, { exact: true })
        .check();
      return;
    }
    case 'checkboxes': {
      const group = page.getByRole('group', { name: field.label });
      for (const option of field.options!) {
        const box = group.getByLabel(option.label, { exact: true });
        if ((value as string[]).includes(option.value)) await box.check();
        else await box.uncheck();
      }
      return;
    }
    case 'select':
    case 'assembly':
      await page.getByLabel(field.label, { exact: true }).selectOption(value as string);
      return;
    case 'image':
      return;
    default:
      await page.getByLabel(field.label, { exact: true }).fill(value as string);
  }
}

/** Fills every shown field of the step on screen (the photo aside). */
export async function fillStep(page: Page, role: string, stepIndex: number, answers: Answers) {
  const section = formFor(role)![stepIndex]!;
  for (const field of section.fields) {
    if (isShown(field, answers)) await fillField(page, field, answers[field.name]);
  }
}

/** Draws a short zig-zag on the signature pad with the pointer. */
export async function drawSignature(page: Page) {
  const canvas = page.locator('canvas.signature-canvas');
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), {
      steps: 4,
    });
  }
  await page.mouse.up();
}
