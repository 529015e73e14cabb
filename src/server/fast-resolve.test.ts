import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The fast resolver (fast-resolve.ts) must load exactly what Node's own resolver loads: the
// same files, each as the same format (ES module, CommonJS, JSON, TypeScript…).

const script = path.join(import.meta.dirname, 'testing/loaded-modules.ts');
const loadedModules = async (...args: string[]) => {
  const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  // The resolver's own file is the one difference.
  return stdout
    .trim()
    .split('\n')
    .filter((line) => !line.includes('/fast-resolve.ts '));
};

describe('fast module resolution', () => {
  it("loads the server's modules as Node's resolver does", { timeout: 60_000 }, async () => {
    const [plain, fast] = await Promise.all([loadedModules(), loadedModules('--fast')]);
    expect(plain.length).toBeGreaterThan(500);
    expect(plain.some((line) => line.includes('/drizzle-orm/') && line.endsWith(' module'))).toBe(
      true,
    );
    expect(fast).toEqual(plain);
  });
});
