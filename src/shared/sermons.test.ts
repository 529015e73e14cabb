import { describe, expect, it } from 'vitest';
import { sermonCreateSchema } from './schemas/sermons.ts';
import { checkSermon, type SermonFormInput } from './sermons.ts';

// The admin's sermon form checks with `checkSermon` (no zod there); the server with
// `sermonCreateSchema`. They must refuse the same input with the same words.
const valid: SermonFormInput = { title: 'Walking in faith', video: 'dQw4w9WgXcQ' };
const cases: SermonFormInput[] = [
  valid,
  { title: '', video: '' },
  { title: '   ', video: '   ' },
  { ...valid, title: `  ${valid.title}  ` },
  { ...valid, title: 't'.repeat(200) },
  { ...valid, title: 't'.repeat(201) },
  { ...valid, video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { ...valid, video: ' https://youtu.be/dQw4w9WgXcQ ' },
  { ...valid, video: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' },
  { ...valid, video: 'https://vimeo.com/12345' },
  { ...valid, video: 'dQw4w9WgXc' },
  { ...valid, video: 'not a link' },
  { ...valid, video: `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(300)}` },
  { title: 't'.repeat(201), video: 'nope' },
];

describe('checkSermon', () => {
  it.each(cases)('agrees with sermonCreateSchema on %j', (input) => {
    const ours = checkSermon(input);
    const theirs = sermonCreateSchema.safeParse(input);
    expect(ours.ok).toBe(theirs.success);
    if (ours.ok && theirs.success) {
      expect(ours.values).toEqual(theirs.data);
    } else if (!ours.ok && !theirs.success) {
      for (const field of ['title', 'video'] as const) {
        const first = theirs.error.issues.find((issue) => issue.path[0] === field)?.message;
        expect(ours.errors[field]).toBe(first);
      }
    }
  });
});
