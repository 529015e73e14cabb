import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, type Database } from '../../db/client.ts';
import { inLocale } from '../../platform/locale.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { lineNoteText, type LineNote } from './line-notes.ts';

// Decision 044: a statement line's note is stored as what happened and its codes, and worded
// when read, in the reader's language. Migration 0019 read the English notes written before.

const ENGLISH: [LineNote, string][] = [
  [{ kind: 'no_code' }, 'No BT- code in the description.'],
  [
    { kind: 'several_codes', codes: ['BT-10001', 'BT-10002'] },
    'Several codes (BT-10001, BT-10002): match it by hand.',
  ],
  [{ kind: 'not_found', code: 'BT-90000' }, 'No open entry has the code BT-90000.'],
  [
    { kind: 'not_found_in_scope', code: 'BT-90001' },
    'No open entry in your assemblies has the code BT-90001.',
  ],
  [{ kind: 'already_matched', code: 'BT-12345' }, 'BT-12345 is already matched to another line.'],
  [
    { kind: 'amount_differs', code: 'BT-54321', amount: 123_456_78 },
    'BT-54321: the member entered GHS 123,456.78.',
  ],
  [
    { kind: 'amount_differs', code: 'BT-54322', amount: 5 },
    'BT-54322: the member entered GHS 0.05.',
  ],
  [{ kind: 'unmatched_by_hand' }, 'Unmatched by hand.'],
];

describe('bank statement line notes', () => {
  it('reads in English as the notes were written before', () => {
    for (const [note, text] of ENGLISH) expect(inLocale('en', () => lineNoteText(note))).toBe(text);
  });

  it('reads in Twi for a Twi reader, codes and amount kept', () => {
    const twi = (note: LineNote) => inLocale('ak', () => lineNoteText(note));
    expect(twi({ kind: 'not_found', code: 'BT-90000' })).toBe(
      'Kyerɛwtohɔ a ɛda hɔ biara nni code BT-90000.',
    );
    expect(twi({ kind: 'amount_differs', code: 'BT-54321', amount: 7000 })).toBe(
      'BT-54321: asafoni no kyerɛw GHS 70.00.',
    );
    expect(twi({ kind: 'several_codes', codes: ['BT-10001', 'BT-10002'] })).toBe(
      'Code ahodoɔ pii (BT-10001, BT-10002): fa nsa hyia.',
    );
    expect(twi({ kind: 'no_code' })).not.toBe('No BT- code in the description.');
    // A note 0019 could not read stays as it was written.
    expect(twi({ kind: 'text', text: 'Checked by the treasurer.' })).toBe(
      'Checked by the treasurer.',
    );
  });

  describe('migration 0019', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(inject('testDatabase'));
    });
    afterAll(() => database.close());

    it('turns every English note written before into its note, and keeps one it cannot read', async () => {
      const migration = fs
        .readFileSync(path.join(migrationsFolder, '0019_bank_line_notes.sql'), 'utf8')
        .replaceAll('"bank_statement_lines"', '"old_notes"');
      expect(migration).toContain('ALTER TABLE "old_notes"');
      const old = [...ENGLISH.map(([, text]) => text), 'Checked by the treasurer.', null];
      await database.db.execute(sql`create table old_notes (n int, note text)`);
      for (const [n, note] of old.entries()) {
        await database.db.execute(sql`insert into old_notes values (${n}, ${note})`);
      }
      await database.db.execute(sql.raw(migration));
      const rows = (
        (await database.db.execute(sql`select note from old_notes order by n`)) as unknown as {
          rows: { note: LineNote | null }[];
        }
      ).rows.map((r) => r.note);
      expect(rows).toEqual([
        ...ENGLISH.map(([note]) => note),
        { kind: 'text', text: 'Checked by the treasurer.' },
        null,
      ]);
    });
  });
});
