import net from 'node:net';

// One helper for the tests, the browser suite's harness and the benches, which start real
// servers on the loopback address. No test runner here: the benches import it too.

/**
 * Below Linux's ephemeral range (32768–60999), which the kernel draws from for outgoing
 * connections: a server stopped and started again on its port (a killed instance under load)
 * cannot find the port taken by a connection made while it was down.
 */
const FIRST = 20_000;
const LAST = 32_000;

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on at this moment (the caller takes it soon). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
