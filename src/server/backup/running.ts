import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { writeBackup, type Manifest } from './backup.ts';

// A backup of the embedded database while the server runs: only the server's process may
// open its data directory, so `npm run backup` leaves a request in the directory and sends
// the server SIGUSR2; the server writes the backup between two queries and answers with a
// result file. Signals reach only processes of the same user: no network, no password.

const requestFile = (dataDir: string) => path.join(dataDir, 'backup-request.json');
const resultFile = (dataDir: string, token: string) =>
  path.join(dataDir, `backup-result-${token}.json`);

type Result = { ok: true; manifest: Manifest } | { ok: false; error: string };

/** In the server: answer backup requests on SIGUSR2. Returns the listener's remover. */
export function answerBackupRequests(
  database: Database,
  dataDir: string,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  const listener = () => {
    let request: { token: string; out: string };
    try {
      request = JSON.parse(fs.readFileSync(requestFile(dataDir), 'utf8'));
    } catch {
      return; // no request: not ours
    }
    fs.rmSync(requestFile(dataDir), { force: true });
    writeBackup({ database, dataDir, out: request.out })
      .then((manifest): Result => {
        log.info({ out: request.out }, 'backup written');
        return { ok: true, manifest };
      })
      .catch((error: Error): Result => {
        log.error({ err: error }, 'backup failed');
        return { ok: false, error: error.message };
      })
      .then((result) =>
        fs.writeFileSync(resultFile(dataDir, request.token), JSON.stringify(result)),
      );
  };
  process.on('SIGUSR2', listener);
  return () => process.off('SIGUSR2', listener);
}

/** From `npm run backup`: ask the server `pid` for a backup into `out` and wait for it. */
export async function requestBackup(
  pid: number,
  dataDir: string,
  out: string,
  timeoutMs = 120_000,
): Promise<Manifest> {
  const token = randomUUID();
  fs.writeFileSync(requestFile(dataDir), JSON.stringify({ token, out: path.resolve(out) }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  const file = resultFile(dataDir, token);
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) {
      const result = JSON.parse(fs.readFileSync(file, 'utf8')) as Result;
      fs.rmSync(file, { force: true });
      if (!result.ok) throw new Error(`The server could not write the backup: ${result.error}`);
      return result.manifest;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fs.rmSync(requestFile(dataDir), { force: true });
  throw new Error(`The server (pid ${pid}) did not answer within ${timeoutMs / 1000} s.`);
}
