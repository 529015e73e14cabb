import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { useServerRuns, waitReady } from '../testing/server-process.ts';
import { repoRoot } from '../testing/test-app.ts';

// Crash safety (issue 15, Build 5): the real server under a burst of writes (gifts and
// support requests), killed with SIGKILL at a random moment, restarted at once, CRASH_KILLS
// times (default 3; 20 for the long run). Every write the server acknowledged must be
// there, nothing half-written, and each restart must come up on the first try. On the
// database this run uses: embedded PGlite, or a fresh database on TEST_DATABASE_URL.

const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const run = promisify(execFile);

interface Ack {
  kind: 'gift' | 'support';
  key: string;
}

describe('crash safety', () => {
  const runs = useServerRuns('crash');

  it(
    `keeps every acknowledged write through ${KILLS} kill -9 restarts`,
    { timeout: 60_000 + KILLS * 30_000 },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        ...(await runs.databaseEnv()),
        // Every writer its own client address (via X-Forwarded-For from loopback), so the
        // per-address limits do not cut the burst short.
        TRUST_PROXY: 'true',
        SANDBOX_MOMO_DELAY_MS: '600000',
      };
      const acked: Ack[] = [];
      let sent = 0;
      const restartMs: number[] = [];
      let writer = 0;

      const post = (url: string, body: object) =>
        fetch(`${base}${url}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: `http://localhost:${port}`,
            'x-forwarded-for': `10.${(writer >> 16) & 255}.${(writer >> 8) & 255}.${writer++ & 255}`,
          },
          body: JSON.stringify(body),
        });

      /** Writes until the server stops answering; records what it acknowledged. */
      async function burst(stopAt: number) {
        const one = async (n: number) => {
          sent++;
          const key = `${Date.now().toString(36)}-${n}-${Math.random().toString(36).slice(2, 8)}`;
          try {
            if (n % 3 === 2) {
              const res = await post('/api/support', {
                full_name: 'Crash Tester',
                email: 'crash@example.com',
                title: `crash ${key}`,
                issue: 'Written under load.',
              });
              if (res.status === 201) acked.push({ kind: 'support', key });
            } else {
              const res = await post('/api/giving/gifts', {
                type: 'tithe',
                firstName: 'Crash',
                lastName: key,
                assembly: 'grace',
                amount: '1.25',
                paymentMethod: 'cash',
              });
              if (res.status === 201) acked.push({ kind: 'gift', key });
            }
          } catch {
            // no answer: not acknowledged
          }
        };
        // Eight writers at a time until the kill.
        await Promise.all(
          Array.from({ length: 8 }, async (_, w) => {
            for (let n = w; Date.now() < stopAt; n += 8) await one(n);
          }),
        );
      }

      let server = runs.start(port, env);
      await waitReady(port, server, 120_000);
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = Date.now() + 150 + Math.floor(Math.random() * 850);
        const writing = burst(killAt + 300);
        await new Promise((r) => setTimeout(r, killAt - Date.now()));
        server.child.kill('SIGKILL');
        await server.exited;
        const killedAt = performance.now();
        await writing;
        // The supervisor restarts it at once: it must come up on the first try.
        server = runs.start(port, env);
        await waitReady(port, server, 60_000);
        restartMs.push(performance.now() - killedAt);
        expect(server.output()).not.toContain('Another Flock process');
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // Every acknowledged write is there, whole.
      const rows = await readBack();
      const gifts = new Map(rows.gifts.map((g) => [g.last_name, g]));
      const titles = new Set(rows.support.map((s) => s.title));
      for (const ack of acked) {
        if (ack.kind === 'gift') {
          const gift = gifts.get(ack.key);
          expect(gift, `gift ${ack.key}`).toBeDefined();
          expect(gift).toMatchObject({ amount: 125, type: 'tithe', assembly: 'grace' });
          expect(gift!.code).toMatch(/^\d{6}$/);
        } else {
          expect(titles.has(`crash ${ack.key}`), `support ${ack.key}`).toBe(true);
        }
      }
      // Nothing half-written: every row is whole, and no more rows than requests sent.
      for (const gift of rows.gifts) {
        expect(gift.amount).toBe(125);
        expect(gift.code).toMatch(/^\d{6}$/);
      }
      expect(rows.gifts.length + rows.support.length).toBeLessThanOrEqual(sent);
      const slowest = Math.max(...restartMs);
      console.log(
        `[crash] ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${KILLS} kills survived, ` +
          `${acked.length} acknowledged writes of ${sent} sent, all present; restart after a kill ` +
          `(to ready): median ${Math.round(restartMs.sort((a, b) => a - b)[Math.floor(restartMs.length / 2)]!)} ms, ` +
          `slowest ${Math.round(slowest)} ms`,
      );
    },
  );

  /** What the servers wrote, read back after the last kill. */
  async function readBack() {
    return {
      gifts: await runs.query<GiftRow>(
        `select last_name, amount, type, assembly, code from cash_offerings where first_name = 'Crash'`,
      ),
      support: await runs.query<{ title: string }>(
        `select title from support_requests where title like 'crash %'`,
      ),
    };
  }

  it('takes a backup with npm run backup while the server runs', { timeout: 120_000 }, async () => {
    if (process.env.TEST_DATABASE_URL) return; // PostgreSQL backups: backup.test.ts
    const port = await freePort();
    const server = runs.start(port);
    await waitReady(port, server, 60_000);
    const out = path.join(runs.dataDir, '..', `${path.basename(runs.dataDir)}-backup`);
    try {
      const { stdout } = await run(
        process.execPath,
        [path.join(repoRoot, 'scripts/backup.ts'), out],
        {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: runs.dataDir, DATABASE_URL: '' },
        },
      );
      expect(stdout).toContain('is running: asking it for the backup');
      expect(stdout).toMatch(/Backup written to .* \(pglite, \d+ rows/);
      expect(fs.existsSync(path.join(out, 'database.tar.gz'))).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

interface GiftRow {
  last_name: string;
  amount: number;
  type: string;
  assembly: string;
  code: string;
}
