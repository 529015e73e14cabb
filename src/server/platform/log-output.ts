import { Worker } from 'node:worker_threads';

// The running server's log lines reach standard output from a thread of their own (decision
// 057). Written from the main thread (pino's default), a line to a pipe nobody read (a log
// collector that stalled, a parent that stopped reading after a run) blocked the whole
// process: no request answered, and neither the SIGTERM handler nor the SHUTDOWN_TIMEOUT_MS
// timer could run, so only SIGKILL ended it. Here only the writer thread waits on the pipe; the
// main thread keeps at most `maxPending` characters waiting, drops lines past that (and says
// how many once the pipe takes lines again), and an exit does not wait for the thread.

/** The thread: writes each text it is sent, whole, then says how long it was. */
const WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const pause = new Int32Array(new SharedArrayBuffer(4));
let closed = false;
parentPort.on('message', (text) => {
  let rest = Buffer.from(text);
  while (!closed && rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(workerData.fd, rest));
    } catch (error) {
      // A non-blocking pipe that is full: again shortly. Closed (EPIPE): the reader is gone.
      if (error.code === 'EAGAIN') Atomics.wait(pause, 0, 0, 20);
      else closed = true;
    }
  }
  parentPort.postMessage(text.length);
});
`;

export interface LogOutput {
  /** A log line (pino's destination). Never waits. */
  write(line: string): void;
  /** Resolves once every line written so far is out, or after `ms`, whichever comes first. */
  flushed(ms: number): Promise<void>;
}

/** Log lines to `fd` (standard output) through a writer thread. */
export function startLogOutput(fd = 1, maxPending = 1 << 20): LogOutput {
  const worker = new Worker(WRITER, {
    eval: true,
    workerData: { fd },
    // Its heap holds at most the lines waiting (`maxPending`).
    resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 },
  });
  // An exit never waits for the thread, stuck on a full pipe or not.
  worker.unref();
  let pending = 0;
  let dropped = 0;
  let failed = false;
  const waiting = new Set<() => void>();

  const send = (text: string) => {
    pending += text.length;
    worker.postMessage(text);
  };
  const settle = () => {
    if (pending > 0 && !failed) return;
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  worker.on('message', (written: number) => {
    pending -= written;
    if (pending === 0 && dropped > 0) {
      send(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: standard output was not being read` })}\n`,
      );
      dropped = 0;
    }
    settle();
  });
  worker.on('error', (error) => {
    // Lost lines, never a stuck server: said once on standard error.
    failed = true;
    process.stderr.write(`The log writer stopped: ${error.message}\n`);
    settle();
  });

  return {
    write(line) {
      if (failed) return;
      if (pending + line.length > maxPending) {
        dropped += 1;
        return;
      }
      send(line);
    },
    flushed(ms) {
      if (pending === 0 || failed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        waiting.add(done);
      });
    },
  };
}
