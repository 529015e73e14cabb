import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { m } from '../paraglide/messages.js';

// The message catalogue (decision 042): messages/en.json (the base) and messages/ak.json hold
// the same keys; a Twi message with variants has every case the English one has, and the same
// placeholders; messages/ak-awaiting-review.json lists the Twi keys no native speaker has
// approved yet: a Twi key off the list is one a reviewer approved (the list is the only
// record), so the list must name only keys that exist.

type Variants = { declarations?: string[]; selectors?: string[]; match: Record<string, string> };
type Message = string | Variants[];
type Catalogue = Record<string, Message>;

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T =>
  JSON.parse(fs.readFileSync(path.join(root, 'messages', file), 'utf8')) as T;

/** A message's cases ('count=one', or 'platform=ios, count=one'), each read the same way. */
const casesOf = (message: Message): string[] =>
  typeof message === 'string'
    ? []
    : message.flatMap((part) =>
        Object.keys(part.match).map((key) =>
          key
            .split(',')
            .map((s) => s.replace(/\s+/g, ''))
            .join(', '),
        ),
      );

const textsOf = (message: Message): string[] =>
  typeof message === 'string' ? [message] : message.flatMap((part) => Object.values(part.match));

const placeholdersOf = (message: Message): string[] => [
  ...new Set(
    textsOf(message).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((f) => f[1]!)),
  ),
];

function catalogueProblems(en: Catalogue, ak: Catalogue, awaiting: string[]): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) if (!(key in ak)) problems.push(`${key}: in en only`);
  for (const key of Object.keys(ak)) if (!(key in en)) problems.push(`${key}: in ak only`);
  for (const [key, english] of Object.entries(en)) {
    const twi = ak[key];
    if (twi === undefined) continue;
    const twiCases = new Set(casesOf(twi));
    for (const wanted of casesOf(english)) {
      if (!twiCases.has(wanted)) problems.push(`${key}: ak lacks the case ${wanted}`);
    }
    const twiPlaceholders = placeholdersOf(twi).sort().join();
    if (placeholdersOf(english).sort().join() !== twiPlaceholders) {
      problems.push(`${key}: ak has placeholders {${twiPlaceholders}}`);
    }
  }
  const seen = new Set<string>();
  for (const key of awaiting) {
    if (!(key in ak)) problems.push(`${key}: awaiting review, but no such key`);
    if (seen.has(key)) problems.push(`${key}: listed twice for review`);
    seen.add(key);
  }
  return problems;
}

const count = (one: string, other: string): Variants[] => [
  {
    declarations: ['input count', 'local countPlural = count: plural'],
    selectors: ['countPlural'],
    match: { 'countPlural=one': one, 'countPlural=other': other },
  },
];

describe('the message catalogue', () => {
  const en = read<Catalogue>('en.json');
  const ak = read<Catalogue>('ak.json');
  const awaiting = read<string[]>('ak-awaiting-review.json');

  it('has every key in both languages, Twi plurals with every English case, and a true review list', () => {
    expect(catalogueProblems(en, ak, awaiting)).toEqual([]);
  });

  it('fails on a key in one language only', () => {
    expect(catalogueProblems({ a: 'A', b: 'B' }, { a: 'A', c: 'C' }, [])).toEqual([
      'b: in en only',
      'c: in ak only',
    ]);
  });

  it('fails on a Twi plural without a case English has', () => {
    const twi = count('{count} one', '{count} other');
    delete twi[0]!.match['countPlural=other'];
    expect(catalogueProblems({ n: count('{count} a', '{count} b') }, { n: twi }, [])).toEqual([
      'n: ak lacks the case countPlural=other',
    ]);
    expect(
      catalogueProblems({ n: count('{count} a', '{count} b') }, { n: '{count} x' }, []),
    ).toEqual(['n: ak lacks the case countPlural=one', 'n: ak lacks the case countPlural=other']);
    expect(
      catalogueProblems(
        { n: count('{count} a', '{count} b') },
        { n: count('{count} a', '{count} b') },
        [],
      ),
    ).toEqual([]);
  });

  it('fails on a Twi message with other placeholders', () => {
    expect(catalogueProblems({ s: 'From {from} to {until}' }, { s: 'Efi {from}' }, [])).toEqual([
      's: ak has placeholders {from}',
    ]);
  });

  it('fails on a review list naming a key that does not exist, or twice', () => {
    expect(catalogueProblems({ a: 'A' }, { a: 'A' }, ['a', 'gone', 'a'])).toEqual([
      'gone: awaiting review, but no such key',
      'a: listed twice for review',
    ]);
  });
});

describe('counts on the screens (issue 48, item 11)', () => {
  it('say one and many in English and Twi', () => {
    const say = (locale: 'en' | 'ak', count: number) => [
      m.events_places_left({ count }, { locale }),
      m.events_places_taken({ count }, { locale }),
      m.checkin_session_counts(
        {
          code: '123456',
          members: m.checkin_members_count({ count }, { locale }),
          children: m.checkin_children_count({ count: count + 1 }, { locale }),
        },
        { locale },
      ),
    ];
    expect(say('en', 1)).toEqual([
      '1 place left',
      '1 place taken',
      'Code 123456 · 1 member · 2 children',
    ]);
    expect(say('en', 2)).toEqual([
      '2 places left',
      '2 places taken',
      'Code 123456 · 2 members · 3 children',
    ]);
    expect(say('ak', 1)).toEqual([
      'Baabi 1 aka',
      'Wɔafa baabi 1',
      'Koodu 123456 · asafoni 1 · mmofra 2',
    ]);
  });
});
