import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Twi glossary (messages/glossary.ak.json, decision 057) held against the catalogue: one
// Twi wording per app term on every screen, SMS, mail and USSD text (a tile and its page's
// title, Sign Up and Check in), and no English left in a Twi text but the names and loanwords
// the glossary lists. The glossary is also the reviewer's record of each choice.

type Message = string | { match: Record<string, string> }[];
type Catalogue = Record<string, Message>;
interface Term {
  term: string;
  english: string[];
  twi: string;
  match: string[];
  note: string;
}
interface Glossary {
  terms: Term[];
  sameInBothLanguages: { words: string[] };
}

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T =>
  JSON.parse(fs.readFileSync(path.join(root, 'messages', file), 'utf8')) as T;

/** A message's text, every variant of a plural joined, without its placeholders. */
const textOf = (message: Message): string =>
  (typeof message === 'string'
    ? message
    : message.flatMap((part) => Object.values(part.match)).join('\n')
  ).replace(/\{\w+\}/g, ' ');

/** Twi as the glossary compares it: lower case, GSM-7's e and o for ɛ and ɔ (SMS, USSD). */
const twiForm = (text: string) =>
  text.toLowerCase().replace(/ɛ/g, 'e').replace(/ɔ/g, 'o').replace(/[’‘]/g, "'");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `english` names `term` (a whole word or phrase, any case). */
const names = (term: Term, english: string) =>
  term.english.some((form) => new RegExp(`\\b${escape(form)}\\b`, 'i').test(english));

/** Whether `twi` uses `term`'s Twi: every part of its `match` (a part 'a|b': either). */
const uses = (term: Term, twi: string) =>
  term.match.every((part) => part.split('|').some((form) => twiForm(twi).includes(twiForm(form))));

/** What is left of a Twi text the same as its English once the allowed words are taken out. */
function englishLeft(text: string, words: string[]): string {
  let rest = ` ${text} `;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(`(?<![\\p{L}])${escape(word)}s?(?![\\p{L}])`, 'giu'), ' ');
  }
  return rest.replace(/[^\p{L}]+/gu, ' ').trim();
}

export function glossaryProblems(en: Catalogue, ak: Catalogue, glossary: Glossary): string[] {
  const problems: string[] = [];
  const { terms } = glossary;
  // The glossary itself: distinct terms have distinct Twi.
  for (const a of terms) {
    for (const b of terms) {
      if (a !== b && uses(b, a.match.join(' '))) {
        problems.push(`glossary: '${a.term}' uses the Twi of '${b.term}'`);
      }
    }
  }
  for (const [key, message] of Object.entries(en)) {
    const twiMessage = ak[key];
    if (twiMessage === undefined) continue;
    const english = textOf(message);
    const twi = textOf(twiMessage);
    const named = terms.filter((term) => names(term, english));
    for (const term of named) {
      if (!uses(term, twi))
        problems.push(`${key}: '${term.term}' is not '${term.twi}' in "${twi}"`);
    }
    // Another term's Twi where the English names it not: two actions, one wording.
    if (named.length > 0) {
      for (const other of terms) {
        if (named.includes(other) || !uses(other, twi)) continue;
        problems.push(
          `${key}: '${named.map((t) => t.term).join("', '")}' in the words of '${other.term}': "${twi}"`,
        );
      }
    }
    if (twi.trim() === english.trim() && englishLeft(twi, glossary.sameInBothLanguages.words)) {
      problems.push(`${key}: English left in Twi: "${twi}"`);
    }
  }
  return problems;
}

describe('the Twi glossary', () => {
  const en = read<Catalogue>('en.json');
  const ak = read<Catalogue>('ak.json');
  const glossary = read<Glossary>('glossary.ak.json');

  it('holds: each term in its one Twi wording, no two terms alike, no English left in Twi', () => {
    expect(glossaryProblems(en, ak, glossary)).toEqual([]);
  });

  it('notes every choice for the reviewer', () => {
    for (const term of glossary.terms) {
      expect(term.note.length, term.term).toBeGreaterThan(10);
      expect(term.english.length, term.term).toBeGreaterThan(0);
      expect(term.match.length, term.term).toBeGreaterThan(0);
    }
  });

  const signUp: Term = {
    term: 'Sign up',
    english: ['sign up'],
    twi: 'Bue akawnt',
    match: ['bue akawnt'],
    note: '',
  };
  const checkIn: Term = {
    term: 'Check in',
    english: ['check in', 'check-in'],
    twi: 'Kyerɛw wo din',
    match: ['kyerɛw', 'din'],
    note: '',
  };
  const only = (terms: Term[], words: string[] = []) => ({
    terms,
    sameInBothLanguages: { words },
  });

  it('fails on a tile and its page in different words', () => {
    expect(
      glossaryProblems(
        { tile: 'Check In', title: 'Check-in' },
        { tile: 'Kyerɛw wo din', title: 'Mewɔ ha' },
        only([checkIn]),
      ),
    ).toEqual(["title: 'Check in' is not 'Kyerɛw wo din' in \"Mewɔ ha\""]);
    // GSM-7's e for ɛ (USSD, SMS) is the same word.
    expect(
      glossaryProblems({ u: '6 Check in' }, { u: '6 Kyerew wo din' }, only([checkIn])),
    ).toEqual([]);
  });

  it('fails on two actions in one wording', () => {
    expect(
      glossaryProblems(
        { up: 'Sign Up', in: 'Check in' },
        { up: 'Kyerɛw wo din', in: 'Kyerɛw wo din' },
        only([signUp, checkIn]),
      ),
    ).toEqual([
      "up: 'Sign up' is not 'Bue akawnt' in \"Kyerɛw wo din\"",
      "up: 'Sign up' in the words of 'Check in': \"Kyerɛw wo din\"",
    ]);
    expect(glossaryProblems({}, {}, only([signUp, { ...checkIn, match: ['akawnt'] }]))).toEqual([
      "glossary: 'Sign up' uses the Twi of 'Check in'",
    ]);
  });

  it('fails on English left in Twi, but for the names and loanwords it allows', () => {
    expect(
      glossaryProblems(
        { a: 'Reference', b: 'Video {id}', c: 'GHS {amount} by Mobile Money' },
        { a: 'Reference', b: 'Video {id}', c: 'GHS {amount} by Mobile Money' },
        only([], ['GHS', 'Video', 'Mobile Money']),
      ),
    ).toEqual([
      'a: English left in Twi: "Reference"',
      'c: English left in Twi: "GHS   by Mobile Money"',
    ]);
  });
});
