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
      aria-label={`Move ${name} ${direction}`}
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
