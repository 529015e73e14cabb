import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from './index.ts';

// features/index.ts finds the features (decision 055): a folder it missed (no <name>.feature.ts,
// or a manifest under another name) would serve no routes and run no jobs, and its matrix rows
// would be skipped without a word.

const dir = import.meta.dirname;
const folders = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the feature list', () => {
  it('names every feature folder once, by its name, each with its manifest', () => {
    expect(features.map((feature) => feature.name).sort()).toEqual(folders);
    for (const name of folders) {
      expect(fs.existsSync(path.join(dir, name, `${name}.feature.ts`)), name).toBe(true);
    }
  });

  it('gives the matrix rows of every feature that has a rows file', () => {
    for (const name of folders) {
      const hasRows = fs.existsSync(path.join(dir, name, `${name}.matrix.ts`));
      expect(Boolean(features.find((feature) => feature.name === name)?.matrix), name).toBe(
        hasRows,
      );
    }
  });
});
