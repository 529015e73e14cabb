import { randomUUID } from 'node:crypto';
import http from 'node:http';
import WebSocket from 'ws';
import { PASTOR_SOCKET_PATH } from '../../shared/pastor.ts';
import { json, send } from './member-load.ts';

// Pastors chatting in pairs over their sockets under load (member-load.ts's runs, decision
// 048): they reconnect and catch up as the web client does when an instance goes away.

export interface ChatPastor {
  id: string;
  cookie: string;
  address: string;
}

interface ChatSide {
  pastor: ChatPastor;
  peer: ChatPastor;
  /** Message ids this pastor's sockets received, with how often. */
  received: Map<string, number>;
  /** Message ids found by catching up (the conversation read after a reconnect). */
  caughtUp: Set<string>;
  /** Messages the server acknowledged (2xx) to this pastor as sender. */
  sent: string[];
  reconnects: number;
}

function socketOf(url: string, pastor: ChatPastor, onMessage: (id: string) => void) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${PASTOR_SOCKET_PATH}`, {
      headers: { cookie: pastor.cookie, origin: url, 'x-forwarded-for': pastor.address },
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as {
        type: string;
        message?: { id: string };
        id?: string;
      };
      if (event.type === 'ready') resolve(socket);
      if (event.type === 'message' && event.message) onMessage(event.message.id);
      if (event.type === 'message-ref' && event.id) onMessage(event.id);
    });
    // After 'ready' an error is followed by 'close', which the caller waits for.
    socket.on('error', reject);
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`refused: ${response.statusCode}`));
      socket.terminate();
    });
  });
}

/**
 * Pastors in pairs, each sending its peer a message every `everyMs` for `seconds`, over HTTP
 * with the message's own id (sent again with the same id when an answer is lost, as the web
 * client does), each listening on a socket through the proxy. A closed socket is opened again
 * and the conversation read to catch up, as the web client does.
 */
export async function runPastorChat(
  url: string,
  pastors: ChatPastor[],
  options: { seconds: number; everyMs: number },
) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true });
  const sides: ChatSide[] = pastors.map((pastor, i) => ({
    pastor,
    peer: pastors[i % 2 === 0 ? i + 1 : i - 1]!,
    received: new Map(),
    caughtUp: new Set(),
    sent: [],
    reconnects: 0,
  }));
  const until = performance.now() + options.seconds * 1000;
  let stopped = false;
  const sockets = new Set<WebSocket>();

  const catchUp = async (side: ChatSide) => {
    const answer = await send(
      agent,
      base,
      side.pastor,
      'GET',
      `/api/pastor/conversations/${side.peer.id}`,
    );
    if (answer.status !== 200) return false;
    const { messages } = JSON.parse(answer.body) as { messages: { id: string }[] };
    for (const message of messages) side.caughtUp.add(message.id);
    return true;
  };

  const listen = async (side: ChatSide): Promise<void> => {
    for (;;) {
      if (stopped) return;
      try {
        const socket = await socketOf(url, side.pastor, (id) =>
          side.received.set(id, (side.received.get(id) ?? 0) + 1),
        );
        sockets.add(socket);
        await catchUp(side);
        await new Promise<void>((resolve) => socket.once('close', () => resolve()));
        sockets.delete(socket);
        if (stopped) return;
        side.reconnects++;
      } catch {
        // refused or reset while an instance goes: try again shortly
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const talk = async (side: ChatSide, i: number) => {
    await new Promise((resolve) => setTimeout(resolve, (i * options.everyMs) / pastors.length));
    for (let n = 0; performance.now() < until; n++) {
      const id = randomUUID();
      const body = json({ text: `message ${n} from ${side.pastor.id}`, id });
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await send(
          agent,
          base,
          side.pastor,
          'POST',
          `/api/pastor/conversations/${side.peer.id}/messages`,
          body,
        );
        if (answer.status === 201) {
          side.sent.push(id);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    }
  };

  const listening = sides.map((side) => listen(side));
  await Promise.all(sides.map((side, i) => talk(side, i)));
  // What is on its way arrives; then a last read, as a pastor opening the chat would.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  stopped = true;
  for (const socket of sockets) socket.close();
  await Promise.all(listening);
  for (const side of sides) await catchUp(side);
  agent.destroy();

  // Per pastor: what their peer sent them, and how it reached them.
  return sides.map((side) => {
    const inbound = sides.find((other) => other.pastor.id === side.peer.id)!.sent;
    return {
      pastorId: side.pastor.id,
      inbound: inbound.length,
      missing: inbound.filter((id) => !side.received.has(id) && !side.caughtUp.has(id)),
      bySocket: inbound.filter((id) => side.received.has(id)).length,
      twiceOnSocket: [...side.received].filter(([, times]) => times > 1).map(([id]) => id),
      reconnects: side.reconnects,
      sent: side.sent,
    };
  });
}
