import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLogOutput } from './log-output.ts';

// The server's log output (decision 057) on a pipe nobody reads: writing never waits, what
// waits is bounded, and once the pipe is read again the lines dropped meanwhile are counted.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-log-output-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('log output', () => {
  it('never waits on a full pipe, keeps at most its bound, and says how many lines it dropped', async () => {
    const fifo = path.join(dir, 'out');
    execFileSync('mkfifo', [fifo]);
    // Both ends in this process: the writer's (read-write, so opening it does not wait for a
    // reader) and the reader's, which reads nothing until the end.
    const writeEnd = fs.openSync(fifo, fs.constants.O_RDWR);
    const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const logs = startLogOutput(writeEnd, 100_000);
    const line = `${JSON.stringify({ level: 30, msg: 'x'.repeat(1000) })}\n`;

    const started = performance.now();
    for (let i = 0; i < 1000; i += 1) logs.write(line); // 1 MB: far more than a pipe holds
    expect(performance.now() - started).toBeLessThan(1000);
    // Nothing read: the lines are not all out, and waiting for them is bounded.
    const waited = performance.now();
    await logs.flushed(300);
    expect(performance.now() - waited).toBeLessThan(1000);

    // The pipe is read again: what was kept comes out, then the count of what was not.
    let text = '';
    const buffer = Buffer.alloc(65_536);
    const deadline = Date.now() + 10_000;
    while (!text.includes('dropped') && Date.now() < deadline) {
      try {
        const n = fs.readSync(readEnd, buffer);
        text += buffer.subarray(0, n).toString();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10)); // EAGAIN: not yet
      }
    }
    const lines = text.trim().split('\n');
    const kept = lines.filter((l) => l === line.trim()).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1000);
    const note = JSON.parse(lines.at(-1)!) as { level: number; msg: string };
    expect(note.level).toBe(40);
    expect(note.msg).toBe(`${1000 - kept} log lines dropped: standard output was not being read`);
    fs.closeSync(readEnd);
    fs.closeSync(writeEnd);
  });
});
