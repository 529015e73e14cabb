import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeFlags } from './node-flags.ts';
import { freePort } from './testing/free-port.ts';
import { start, waitReady, type Started } from './testing/server-process.ts';

// The real entry point on the embedded database, as a supervisor runs it (issue 15 #5).

describe('npm start on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flock-main-'));
  const running: Started[] = [];
  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second live process, and restarts at once after kill -9 with the data kept', async () => {
    const port = await freePort();
    const first = start(dataDir, port);
    running.push(first);
    await waitReady(port, first);
    const write = await fetch(`http://127.0.0.1:${port}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({
        full_name: 'Ama Mensah',
        email: 'ama@example.com',
        title: 'Before the crash',
        issue: 'Kept?',
      }),
    });
    expect(write.status).toBe(201);

    // A live holder is refused.
    const second = start(dataDir, await freePort());
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another Flock process is already using the data directory');

    first.child.kill('SIGKILL');
    await first.exited;

    // The supervisor restarts it right away: it starts on the first try.
    const restarted = start(dataDir, port);
    running.push(restarted);
    // On the first try (no lock refusal); the time it takes is measured, not asserted here.
    await waitReady(port, restarted);
    expect(restarted.output()).not.toContain('Another Flock process');
    // The acknowledged write survived.
    const mails = (await (await fetch(`http://127.0.0.1:${port}/dev/mailbox.json`)).json()) as {
      mails: { subject: string }[];
    };
    expect(mails.mails.some((m) => m.subject.includes('Before the crash'))).toBe(true);
  }, 240_000);

  it('takes the Node flags for its database in place, and keeps flags it is given', async () => {
    const flagsOf = (pid: number) =>
      fs
        .readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        .split('\0')
        .filter((a) => a.startsWith('--'));
    const port = await freePort();
    const own = start(path.join(dataDir, 'own-flags'), port);
    running.push(own);
    await waitReady(port, own);
    // The pid the supervisor started is the server (replaced in place, not a child).
    expect(flagsOf(own.child.pid!)).toEqual(serverNodeFlags(true));
    own.child.kill('SIGTERM');
    expect(await own.exited).toBe(0);

    const givenPort = await freePort();
    const given = start(path.join(dataDir, 'given-flags'), givenPort, {}, [
      '--max-old-space-size=700',
    ]);
    running.push(given);
    await waitReady(givenPort, given);
    expect(flagsOf(given.child.pid!)).toEqual(['--max-old-space-size=700']);
    expect(serverNodeFlags(false)).not.toContain('--max-old-space-size=512');
  }, 120_000);
});
