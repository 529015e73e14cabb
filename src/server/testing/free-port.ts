import net from 'node:net';

// One helper for the tests, the browser suite's harness and the benches, which start real
// servers on the loopback address. No test runner here: the benches import it too.

/** A port nothing listens on at this moment (the kernel picks it; the caller takes it soon). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
