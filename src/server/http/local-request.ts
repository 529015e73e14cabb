// Whether a request comes from this machine itself: the dev mailbox and outbox, and the USSD
// simulator in production, answer only it (and admins).

const loopback = new Set(['::1']);

export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  return loopback.has(ip) || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * The dev mailbox holds sign-up and reset links: only this machine may read it. Decided by
 * the socket's own address, never by a header a client can write (whatever TRUST_PROXY
 * says); a request a proxy on this machine forwarded carries forwarding headers, so it is
 * not local either.
 */
export function isLocalRequest(request: {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, unknown>;
}): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    forwardingHeaders.every((name) => request.headers[name] === undefined)
  );
}
