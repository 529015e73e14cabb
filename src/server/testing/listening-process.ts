import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

// A server program of Debian's (HAProxy, PgBouncer) as our own child process on loopback, for
// the tests and `npm run cluster`: found where Debian puts it, started, waited for until it
// accepts connections on its port, stopped with SIGTERM (SIGKILL after 5 s).

/** `variable` if set (null when that file is missing), else the first of `places` there. */
export function findProgram(variable: string, places: string[]): string | null {
  const configured = process.env[variable];
  if (configured) return fs.existsSync(configured) ? configured : null;
  return places.find((place) => fs.existsSync(place)) ?? null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ListeningProcess {
  pid: number;
  /** What it wrote (the last 20,000 characters). */
  log(): string;
  /** Stops it and then runs `cleanUp` (its temporary files). */
  stop(): Promise<void>;
}

/** Starts `binary args…` and resolves once 127.0.0.1:`port` accepts connections. */
export async function startListening(
  name: string,
  binary: string,
  args: string[],
  port: number,
  options: { timeoutMs?: number; cleanUp?: () => void } = {},
): Promise<ListeningProcess> {
  // A group of its own: a Ctrl-C in the terminal reaches only the script that started it,
  // which stops it in its turn (after the instances have drained).
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', (error) => (output += `\n${error.message}`));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(killed);
    }
    options.cleanUp?.();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await canConnect(port))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(
        `${name} did not start on 127.0.0.1:${port} ${exited ? '(it exited)' : 'in time'}:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid: child.pid!, log: () => output, stop };
}
