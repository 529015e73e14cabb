import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

// Stopping one instance of a rolling deploy (issue 36, decision 046). On SIGTERM (or SIGINT):
//   1. at once: /api/ready answers 503 (the proxy's health check takes the instance out), new
//      pastor sockets are refused and the job runner claims nothing more;
//   2. for SHUTDOWN_GRACE_MS: requests are still served, new ones too (the proxy has not
//      noticed yet);
//   3. then: open sockets are closed with 1012 (the client reconnects, to another instance,
//      and catches up), running jobs are waited for, the server finishes the requests in
//      flight and closes, the database closes, and the process exits 0.
// SHUTDOWN_TIMEOUT_MS bounds all of it: past it (or on a second signal) the process exits 1.

/** WebSocket close code (RFC 6455 "service restart"): the client reconnects and catches up. */
export const CLOSE_SERVICE_RESTART = 1012;

/** This instance's drain: whether it has begun, and what stops when the grace period ends. */
export class Drain {
  #draining = false;
  readonly #steps: (() => Promise<void>)[] = [];

  /** True from the first signal on: not ready, no new sockets, no new jobs claimed. */
  get draining() {
    return this.#draining;
  }

  /** Adds what must stop (and be waited for) before the server closes. */
  onFinish(step: () => Promise<void>) {
    this.#steps.push(step);
  }

  begin() {
    this.#draining = true;
  }

  /** Runs every step together; a failing one is logged and does not hold up the others. */
  async finish(log: FastifyBaseLogger) {
    const results = await Promise.allSettled(this.#steps.map((step) => step()));
    for (const result of results) {
      if (result.status === 'rejected') log.error({ err: result.reason }, 'a drain step failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drains `app` and closes it (the server, then the database); resolves once it is closed. */
export async function drainAndClose(app: FastifyInstance, graceMs: number) {
  app.drain.begin();
  await sleep(graceMs);
  await app.drain.finish(app.log);
  await app.close();
}

export interface ShutdownSettings {
  graceMs: number;
  timeoutMs: number;
}

/**
 * SIGTERM and SIGINT drain and stop the process: exit 0 once closed, 1 when closing fails,
 * takes longer than `timeoutMs` or a second signal comes.
 */
export function stopOnSignals(
  app: FastifyInstance,
  settings: ShutdownSettings,
  exit: (code: number) => void = (code) => process.exit(code),
) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.error({ signal }, 'second signal while draining; exiting now');
      exit(1);
      return;
    }
    stopping = true;
    app.log.info({ signal, graceMs: settings.graceMs }, 'draining: not ready, then shutting down');
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${settings.timeoutMs} ms; exiting`);
      exit(1);
    }, settings.timeoutMs);
    // Not unref'd: a drain stuck on nothing the event loop holds still ends here, with 1.
    void force;
    drainAndClose(app, settings.graceMs).then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
