import { formatCedis } from '../../../shared/format.ts';
import { m } from '../../../paraglide/messages.js';
import type { LineNote } from '../../db/schema.ts';

// Why automatic matching left a statement line (decision 044): stored as what happened and its
// codes (bank_statement_lines.note, jsonb, migration 0019), written by one set-based statement
// (bank-matching.service.ts), and put into words only when the lines are read, in the
// reader's language.

// The note's type is the column's (db/schema.ts): the schema imports no feature.
export type { LineNote };

export const NO_CODE_NOTE: LineNote = { kind: 'no_code' };
export const UNMATCHED_NOTE: LineNote = { kind: 'unmatched_by_hand' };

/** A line's note in the language of the work at hand (a request's, see platform/locale.ts). */
export function lineNoteText(note: LineNote): string {
  switch (note.kind) {
    case 'no_code':
      return m.server_finance_note_no_code();
    case 'several_codes':
      return m.server_finance_note_several_codes({ codes: note.codes.join(', ') });
    case 'not_found':
      return m.server_finance_note_not_found({ code: note.code });
    case 'not_found_in_scope':
      return m.server_finance_note_not_found_in_scope({ code: note.code });
    case 'already_matched':
      return m.server_finance_note_already_matched({ code: note.code });
    case 'amount_differs':
      return m.server_finance_note_amount_differs({
        code: note.code,
        amount: formatCedis(note.amount),
      });
    case 'unmatched_by_hand':
      return m.server_finance_note_unmatched();
    case 'text':
      return note.text;
  }
}
