import { useEffect, useRef, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import { messageOf } from '../../api.ts';
import { toast } from '../../components/Toasts.tsx';

export type Direction = 'up' | 'down';

interface MoveButtonsProps {
  /** What moves, for the buttons' names ('Move Walking by Faith up'). */
  name: string;
  first: boolean;
  last: boolean;
  onMove: (direction: Direction) => void;
  buttonRef: (direction: Direction, element: HTMLButtonElement | null) => void;
}

/**
 * Up and down buttons for ordering a list without dragging (works with a keyboard and a
 * screen reader). At the ends they are aria-disabled rather than disabled, so the focus a
 * keyboard user has on them is never dropped.
 */
export function MoveButtons({ name, first, last, onMove, buttonRef }: MoveButtonsProps) {
  const button = (direction: Direction, blocked: boolean) => (
    <button
      ref={(element) => buttonRef(direction, element)}
      type="button"
      className="icon-button admin-move"
      aria-label={direction === 'up' ? m.admin_move_up({ name }) : m.admin_move_down({ name })}
      aria-disabled={blocked || undefined}
      onClick={() => {
        if (!blocked) onMove(direction);
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d={direction === 'up' ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
  return (
    <span className="admin-move-buttons">
      {button('up', first)}
      {button('down', last)}
    </span>
  );
}

interface MoveOptions<T> {
  /** The list as shown now (read after `cancel`, so a quick second move sees the first). */
  current: () => T[];
  /** Shows the new order at once (the query's cached answer). */
  show: (next: T[]) => void;
  /** Sends the whole new order. */
  save: (ids: string[]) => Promise<unknown>;
}

/**
 * Moving items of content lists up and down: the list moves at once, the server gets the
 * whole new order (one save at a time), the moved button keeps the focus. When several moves are on their way, the
 * lists are asked for again (`refresh`) only after the last one. `cancel` stops a read in
 * flight, so that it does not put the old order back.
 */
export function useMoves<T extends { id: string | number }>(
  cancel: () => Promise<void>,
  refresh: () => Promise<void>,
) {
  // The move button to focus again once the list is in its new order.
  const [refocus, setRefocus] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const inFlight = useRef(0);
  // Saves go one after another: two whole orders sent at once could be applied in either
  // order, leaving the server on the older one while the screen shows the newer.
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!refocus) return;
    buttons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const move = async (item: T, direction: Direction, { current, show, save }: MoveOptions<T>) => {
    await cancel();
    const list = current();
    const index = list.findIndex((other) => other.id === item.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= list.length) return;
    const next = [...list];
    [next[index], next[target]] = [next[target]!, next[index]!];
    show(next);
    setRefocus(`${item.id}:${direction}`);
    inFlight.current += 1;
    try {
      const ids = next.map((other) => String(other.id));
      const saved = saving.current.then(() => save(ids));
      saving.current = saved.catch(() => undefined);
      await saved;
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) await refresh();
    }
  };

  /** MoveButtons' `buttonRef` for an item. */
  const buttonRef = (item: T) => (direction: Direction, element: HTMLButtonElement | null) => {
    const key = `${item.id}:${direction}`;
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return { move, buttonRef };
}
