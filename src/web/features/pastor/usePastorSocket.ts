import { useEffect, useRef, useState } from 'react';
import { PASTOR_SOCKET_PATH, type RealtimeEvent } from '../../../shared/pastor.ts';

export type SocketEvent = RealtimeEvent | { type: 'resync' };

/**
 * The pastors' socket (issue 9 #5): reconnects with a growing, jittered pause (1 s … 30 s)
 * and says `resync` each time it is (re)connected, so the page catches up on what it missed.
 * Returns its state: the page polls every 3 s only while it is not open.
 */
export type SocketState = 'connecting' | 'open' | 'down';

export function usePastorSocket(onEvent: (event: SocketEvent) => void): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${PASTOR_SOCKET_PATH}`;

    const open = () => {
      const current = new WebSocket(url);
      socket = current;
      current.onmessage = (message) => {
        let event: SocketEvent | { type: 'ready' };
        try {
          event = JSON.parse(String(message.data)) as SocketEvent | { type: 'ready' };
        } catch {
          return;
        }
        if (event.type === 'ready') {
          attempt = 0;
          setState('open');
          handler.current({ type: 'resync' });
          return;
        }
        handler.current(event);
      };
      current.onclose = (event) => {
        if (socket !== current) return;
        setState('down');
        // 4403: no longer allowed (signed out, approval withdrawn); the page's own calls say so.
        if (stopped || event.code === 4403) return;
        const delay = Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        timer = setTimeout(open, delay);
      };
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
      socket = null;
    };
  }, []);

  return state;
}
