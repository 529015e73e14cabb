import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './testing/test-app.ts';

// The real entry point on the embedded database, as a supervisor runs it (issue 15 #5).

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

async function waitReady(port: number, started: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (started.child.exitCode !== null) {
      throw new Error(`exited with ${started.child.exitCode}: ${started.output()}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('not ready in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
});
