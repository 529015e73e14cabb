import type { ReactNode } from 'react';

// A message with one value set apart from its words (in bold, or a link): the message is asked
// with a mark in the value's place, and the value's element goes where the mark comes out, so a
// language may put it anywhere in its sentence.
const MARK = '\u{E000}';

/** `text(mark)` with `part` in the mark's place. */
export function withPart(text: (mark: string) => string, part: ReactNode): ReactNode {
  const [before = '', after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      {part}
      {after}
    </>
  );
}
