import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { isShown } from '../../../src/shared/workers/answers.ts';
import type { Answers, FieldDef } from '../../../src/shared/workers/fields.ts';
import { formFor } from '../../../src/shared/workers/form.ts';
import { validAnswers } from '../../../src/server/testing/application-answers.ts';
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

/** A whole pastor application (the e2e specs fill it in through the form's labels). */
export const answersFor = (overrides: Answers = {}): Answers => validAnswers('pastor', overrides);

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
