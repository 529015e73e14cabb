import { DRAWN_PAGE_GLOBAL } from '../shared/pages.ts';

// A page the server drew works before the app's code has arrived (decision 027): its links
// are ordinary links, its fields take typing, and a tap on one of its buttons is kept by the
// boot script (boot.ts) and done again once the app has drawn the same screen, with what
// was typed and where the focus was. Part of the boot script: the app only calls `handOver`.

/** What was done on the drawn page before the app took it over. */
export interface DrawnPageState {
  /** The path it was drawn for: the app takes over only the same screen. */
  path: string;
  /** The last button tapped (its key), to be tapped again. */
  tap: string | null;
  /** What was typed or chosen, by field key. */
  values: Record<string, { value: string; checked: boolean }>;
  /** The field the focus was in (its key), and the drawn element itself (its caret). */
  focus: string | null;
  focused: Element | null;
  /** Stops keeping taps: the app answers them from now on. */
  release(): void;
  /**
   * Called by the app in the layout effect of its first screen, the task that replaced the
   * drawn one (takeOverDrawnPage).
   */
  handOver(root: Element): Promise<void> | void;
}

declare global {
  interface Window {
    [DRAWN_PAGE_GLOBAL]?: DrawnPageState;
  }
}

/** The buttons whose taps are kept until the app is there (links work as they are). */
export const TAPPABLE = 'button, [role="button"], summary';
/** The fields whose values are carried over. */
export const FIELDS = 'input, select, textarea';

function describe(element: Element): string {
  const tag = element.tagName.toLowerCase();
  const text = element.matches(TAPPABLE)
    ? (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim()
    : '';
  return [tag, element.getAttribute('type') ?? '', element.getAttribute('name') ?? '', text].join(
    '|',
  );
}

/**
 * A key for a button or field that finds the same one in the app's drawing of the screen:
 * what it is (tag, type, name, label), and which of the alike it is. Not React's ids, which
 * differ between the server's drawing and the app's.
 */
export function controlKey(element: Element, root: Element): string {
  const described = describe(element);
  const alike = [...root.querySelectorAll(element.tagName)].filter(
    (other) => describe(other) === described,
  );
  return `${described}|${alike.indexOf(element)}`;
}

/** The button or field a key was made for, in `root` as it is now. */
export function findControl(key: string, root: Element): HTMLElement | null {
  const cut = key.lastIndexOf('|');
  const described = key.slice(0, cut);
  const index = Number(key.slice(cut + 1));
  const tag = described.slice(0, described.indexOf('|'));
  const alike = [...root.querySelectorAll<HTMLElement>(tag)].filter(
    (element) => describe(element) === described,
  );
  return alike[index] ?? null;
}

const isBox = (element: HTMLElement) =>
  element instanceof HTMLInputElement && /^(checkbox|radio)$/.test(element.type);

/** Shows `value` in a text field or list through the element's own setter, as typing does. */
function show(element: HTMLElement, value: string) {
  if (isBox(element) || (element as HTMLInputElement).value === value) return;
  const proto = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
}

/** Sets a field as typing would, and sends the events React hears (a box: its click). */
function setField(element: HTMLElement, value: { value: string; checked: boolean }) {
  if (isBox(element)) {
    if ((element as HTMLInputElement).checked !== value.checked) element.click();
    return;
  }
  show(element, value.value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Where the caret was in a field, or what was selected (not every type of input has one). */
function selectionOf(field: Element | null): [number, number] | null {
  const { selectionStart, selectionEnd } = (field ?? {}) as Partial<HTMLInputElement>;
  return selectionStart == null || selectionEnd == null ? null : [selectionStart, selectionEnd];
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Waits (a few frames at most) until every key has its control: a screen may draw in parts. */
async function controlsOf(keys: string[], root: Element) {
  for (let frame = 0; frame < 30; frame++) {
    if (keys.every((key) => findControl(key, root))) break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/**
 * Once the app has drawn its first screen, in the same task as it replaced the drawn one (its
 * layout effect): stops the boot script keeping taps, and, on the same screen, puts back what
 * was typed, the focus and the caret, then taps again what was tapped.
 *
 * No key may fall between the two screens (issue 48): keys are handled in tasks of their own,
 * so the focus is moved before this task ends, and what was typed is shown at once. React
 * hears of it in a microtask, still before the next key: events sent from inside its commit
 * would be undone by it (a controlled field is put back to its state until the commit ends).
 */
export function takeOverDrawnPage(drawn: DrawnPageState, root: Element): Promise<void> | void {
  delete window[DRAWN_PAGE_GLOBAL];
  drawn.release();
  // A guard sent the app elsewhere: what was done there is not for this screen.
  if (window.location.pathname !== drawn.path) return;
  const keys = [...Object.keys(drawn.values), drawn.focus, drawn.tap].filter(
    (key): key is string => key !== null,
  );
  if (keys.length === 0) return;
  // Drawn whole, as the screens the server draws are: now. In parts: once the parts are there.
  if (keys.every((key) => findControl(key, root))) return carryOver(drawn, root);
  return controlsOf(keys, root).then(() => carryOver(drawn, root));
}

function carryOver(drawn: DrawnPageState, root: Element): Promise<void> {
  const fields = Object.entries(drawn.values).map(
    ([key, value]) => [findControl(key, root), value] as const,
  );
  const focused = drawn.focus ? findControl(drawn.focus, root) : null;
  const selection = selectionOf(drawn.focused);
  const putBackFocus = () => {
    focused?.focus({ preventScroll: true });
    if (focused && selection) (focused as HTMLInputElement).setSelectionRange(...selection);
  };
  for (const [element, value] of fields) if (element) show(element, value.value);
  putBackFocus();
  return new Promise<void>((resolve) => queueMicrotask(resolve)).then(async () => {
    for (const [element, value] of fields) if (element) setField(element, value);
    // Setting a value puts the caret at its end.
    putBackFocus();
    const tapped = drawn.tap ? findControl(drawn.tap, root) : null;
    if (!tapped) return;
    // The app's state takes the values before the tap reads them.
    await nextTask();
    // Focused as a tap focuses it: a popup it opens gives the focus back to it on closing.
    tapped.focus({ preventScroll: true });
    tapped.click();
  });
}
