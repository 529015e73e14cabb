/** How long statements may run back to back before the event loop gets a turn. */
export const EMBEDDED_SLICE_MS = 5;

/**
 * One queue for the embedded database's statements that lets the event loop breathe.
 * PGlite runs a statement synchronously on the main thread and hands its lock to the next
 * waiting one in a microtask, so under load hundreds of statements ran in one turn of the
 * event loop, during which the server accepted no connection and read no request (a new
 * connection waited up to 9 s in the 200-member bench). Here a statement (or a whole
 * transaction) that starts after more than EMBEDDED_SLICE_MS of back-to-back work waits for
 * one turn of the event loop first. First come, first served, as before.
 */
export function fairQueue(sliceMs = EMBEDDED_SLICE_MS) {
  let tail: Promise<unknown> = Promise.resolve();
  let sliceStart = performance.now();
  return function run<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(async () => {
      if (performance.now() - sliceStart > sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      return work();
    });
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}
