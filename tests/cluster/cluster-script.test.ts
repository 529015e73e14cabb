import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '../../src/server/testing/cluster.ts';

// `npm run cluster` (scripts/cluster.ts, decision 048): one line says where the proxy is once
// every instance answers, members reach the instances through it, and SIGTERM stops everything
// the script started.

const root = path.resolve(import.meta.dirname, '../..');

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run cluster', () => {
  it("prints 'cluster ready: <url>', serves through the proxy, and SIGTERM stops all it started", async () => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/cluster.ts'),
        '--instances',
        '2',
        '--database',
        'flock_cluster_test',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 90_000;
      while (!/^cluster ready: (\S+)$/m.test(output)) {
        if (child.exitCode !== null) throw new Error(`the script exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`not ready in 90 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const url = /^cluster ready: (\S+)$/m.exec(output)![1]!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const church = await fetch(`${url}/api/church`);
      expect(church.status).toBe(200);
      expect(await fetch(`${url}/api/ready`).then((r) => r.status)).toBe(200);

      // What it started: the instances, HAProxy and PgBouncer (their ports are printed).
      const ports = [...output.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
      expect(ports.length).toBeGreaterThanOrEqual(5);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(/cluster stopped/);
      // Nothing answers on any port it printed.
      for (const port of new Set(ports)) {
        const answered = await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        );
        expect(answered, `port ${port}`).toBe(false);
      }
      expect(running(child.pid!)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      // The script keeps its database between runs; this one is the test's.
      const admin = new pg.Client({ connectionString: DEFAULT_SERVER_URL });
      await admin.connect();
      await admin.query('drop database if exists flock_cluster_test with (force)');
      await admin.end();
    }
  }, 150_000);
});
