import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Docs as a map (issue 49): short decisions, a short README, and links that lead somewhere.
const root = path.resolve(import.meta.dirname, '..');
const decisionsDir = path.join(root, 'docs/decisions');
const DECISION_WORDS = 500;
const README_WORDS = 1_000;
// Decisions 049 and newer that are over the limit while their authors shorten them. Only
// numbers ≥ 049 may be listed here, and each must still be over (else remove it).
const BEING_SHORTENED: string[] = [];

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const read = (file: string) => fs.readFileSync(file, 'utf8');
const rel = (file: string) => path.relative(root, file);

const decisions = fs
  .readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.*\.md$/.test(name) && !name.startsWith('000-'))
  .map((name) => path.join(decisionsDir, name));

function markdownFiles(): string[] {
  const inDocs = fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(root, 'docs', name));
  return [path.join(root, 'README.md'), ...inDocs];
}

/** Markdown without fenced blocks and code spans, where brackets are not links. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Inline links and images: `[text](target)`, `![alt](target "title")`. */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor for a heading (github-slugger's rule): lower case, punctuation dropped. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  return found;
}

describe('the docs checker', () => {
  it('spells an anchor as GitHub does, em dashes and code included', () => {
    expect(slug('Decision 011: route budgets — measurements')).toBe(
      'decision-011-route-budgets--measurements',
    );
    expect(slug('Trying it on one machine: `npm run cluster`')).toBe(
      'trying-it-on-one-machine-npm-run-cluster',
    );
    expect(slug("Decision 020: a first visit's LCP — measurements")).toBe(
      'decision-020-a-first-visits-lcp--measurements',
    );
  });

  it('finds links and images but not brackets in code', () => {
    const text = '[a](b.md) ![c](d.png "t") `[e](f.md)`\n```\n[g](h.md)\n```\n[i](<j.md>)';
    expect(linkTargets(text)).toEqual(['b.md', 'd.png', 'j.md']);
  });
});

describe('docs as a map', () => {
  it(`keeps every decision record within ${DECISION_WORDS} words`, () => {
    const over = decisions
      .map((file) => ({ file: path.basename(file), words: words(read(file)) }))
      .filter((d) => d.words > DECISION_WORDS && !BEING_SHORTENED.includes(d.file));
    expect(over, 'measurements and their history belong in docs/performance.md').toEqual([]);
    for (const name of BEING_SHORTENED) {
      expect(Number(name.slice(0, 3)), name).toBeGreaterThanOrEqual(49);
      expect(words(read(path.join(decisionsDir, name))), name).toBeGreaterThan(DECISION_WORDS);
    }
  });

  it('gives every decision record its Date, Status, Context, Decision and Consequences', () => {
    const parts = [
      /^- Date: /m,
      /^- Status: /m,
      /^## Context$/m,
      /^## Decision$/m,
      /^## Consequences$/m,
    ];
    const lacking = decisions.flatMap((file) =>
      parts.filter((part) => !part.test(read(file))).map((part) => `${rel(file)} ${part.source}`),
    );
    expect(lacking).toEqual([]);
  });

  it(`keeps README.md within ${README_WORDS} words`, () => {
    expect(words(read(path.join(root, 'README.md')))).toBeLessThanOrEqual(README_WORDS);
  });

  it('points every relative link in README.md and docs/ at a file, and anchor, that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of linkTargets(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        const [pathPart, anchor] = decodeURI(target).split('#') as [string, string | undefined];
        const linked = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
        if (!fs.existsSync(linked)) broken.push(`${rel(file)} → ${target} (no such file)`);
        else if (anchor && linked.endsWith('.md') && !anchors(linked).has(anchor)) {
          broken.push(`${rel(file)} → ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
