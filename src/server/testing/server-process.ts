import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './test-app.ts';

// The real entry point (src/server/main.ts) as a child process, as a supervisor runs it.

export interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function start(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Started {
  const child = spawn(process.execPath, [...nodeFlags, path.join(repoRoot, 'src/server/main.ts')], {
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
      JOBS_INTERVAL_SECONDS: '0',
      ...env,
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

export async function waitReady(port: number, started: Started, timeoutMs = 60_000) {
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
