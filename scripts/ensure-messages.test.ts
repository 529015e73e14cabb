import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesInputsHash, messagesUpToDate } from './ensure-messages.ts';

// The catalogue is compiled only when an input changed (decision 049): the hash must see every
// input, and nothing else.
const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'project.inlang/settings.json',
  'messages/en.json',
  'messages/ak.json',
  'package.json',
  'node_modules/@inlang/paraglide-js/package.json',
  'node_modules/@inlang/plugin-message-format/package.json',
];

function copyOfInputs(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-messages-'));
  for (const file of inputs) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  return dir;
}

describe('the catalogue compile stamp', () => {
  it('is current after the test set-up compiled the catalogue', () => {
    expect(messagesUpToDate()).toBe(true);
  });

  it('changes with each input and not with other files', () => {
    const dir = copyOfInputs();
    try {
      const before = messagesInputsHash(dir);
      expect(before).toBe(messagesInputsHash(root));
      fs.writeFileSync(path.join(dir, 'README.md'), 'not an input');
      expect(messagesInputsHash(dir)).toBe(before);
      for (const file of inputs) {
        const full = path.join(dir, file);
        const original = fs.readFileSync(full, 'utf8');
        const changed = file.endsWith('package.json')
          ? original
              .replace(/"version": "([^"]+)"/, '"version": "$1-changed"')
              .replace(/"messages": "/, '"messages": "echo && ')
          : original.replace(/}\s*$/, ', "zz_new_key": "New" }');
        expect(changed, file).not.toBe(original);
        fs.writeFileSync(full, changed);
        expect(messagesInputsHash(dir), file).not.toBe(before);
        fs.writeFileSync(full, original);
      }
      expect(messagesInputsHash(dir)).toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
