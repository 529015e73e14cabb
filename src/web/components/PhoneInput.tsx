import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react';
import { CountrySelect } from './CountrySelect.tsx';
import { loadPhoneEngine } from './phone-check.ts';
import {
  callingCodeOf,
  DEFAULT_COUNTRY,
  loadPhoneMetadata,
  mainCountryOf,
  PHONE_MAX_DIGITS,
  splitCallingCode,
} from './phone-countries.ts';

/** Spec §9: the placeholder format the product shows. */
const PHONE_PLACEHOLDER = '1 (702) 123-4567';

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** What the member has typed: the country (none for +800…), its calling code, the digits after it. */
interface Typed {
  country: string | undefined;
  callingCode: string;
  digits: string;
}

const capped = (typed: Typed): Typed => ({
  ...typed,
  digits: typed.digits.slice(0, Math.max(0, PHONE_MAX_DIGITS - typed.callingCode.length)),
});

/** A value handed in ('+233241234567' or ''), kept in the member's country when it is the same code. */
function typedFromValue(value: string, current: Typed): Typed {
  const split = value ? splitCallingCode(value.replace(/\D/g, '')) : null;
  if (!split) return { ...current, digits: '' };
  const [callingCode, digits] = split;
  if (callingCode === current.callingCode) return { ...current, digits };
  return { country: mainCountryOf(callingCode), callingCode, digits };
}

/** The input's text: '+44 7911…' names its calling code; digits alone are the country's own. */
function typedFromText(text: string, current: Typed): Typed {
  const digits = text.replace(/\D/g, '');
  if (!text.trimStart().startsWith('+')) return capped({ ...current, digits });
  if (digits.startsWith(current.callingCode)) {
    return capped({ ...current, digits: digits.slice(current.callingCode.length) });
  }
  const split = splitCallingCode(digits);
  if (!split) return { ...current, digits: '' };
  return capped({ country: mainCountryOf(split[0]), callingCode: split[0], digits: split[1] });
}

/** Where the caret goes: after this many digits of the text, or at its end. */
function caretAfterDigits(text: string, digits: number): number {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i] ?? '')) seen += 1;
    if (seen === digits) return i + 1;
  }
  return text.length;
}

/**
 * The calling code shown at the start ('+233') is not the member's to edit, as with the old
 * library (`countryCallingCodeEditable={false}`): a key that would change it is refused unless
 * the whole text is replaced (select all, then type or paste). E.164 holds at most 15 digits:
 * one more is refused before it reaches the input.
 */
function guardEdit(event: InputEvent) {
  const input = event.target as HTMLInputElement;
  const text = input.value;
  const start = input.selectionStart ?? text.length;
  const end = input.selectionEnd ?? start;
  const whole = start === 0 && end === text.length;
  const prefix = /^\+\d+/.exec(text)?.[0].length ?? 0;
  const type = event.inputType;
  const from = start === end && type === 'deleteContentBackward' ? start - 1 : start;
  if (!whole && from < prefix && (type.startsWith('delete') || type.startsWith('insert'))) {
    event.preventDefault();
    return;
  }
  if (!type.startsWith('insert')) return;
  const kept = digitCount(text.slice(0, start) + text.slice(end));
  const added = digitCount(event.data ?? event.dataTransfer?.getData('text') ?? '');
  if (added > 0 && kept + added > PHONE_MAX_DIGITS && !whole) event.preventDefault();
}

interface PhoneInputProps {
  id: string;
  name: string;
  /** E.164 ('+233241234567'), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /**
   * A number the caller has already formatted (the saved profile's, from the server): shown
   * while it is the field's value, so that a saved number needs no phone engine to be drawn.
   * The engine then loads when the field is focused or the form checks it.
   */
  formatted?: { e164: string; text: string } | null;
}

type PhoneEngine = Awaited<ReturnType<typeof loadPhoneEngine>>;

/**
 * International phone input (spec §5, §9): Ghana by default, at most 15 digits, formatted per
 * country (decision 011, fourth pass). The picker comes with the form, its list when it is
 * first focused or opened; the phone library's parser and the default country's metadata load
 * when the field is first focused or holds a number it has no `formatted` text for, another
 * calling code's metadata when a number of it is picked or pasted. Until then the digits show
 * as typed.
 */
export function PhoneInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid,
  describedBy,
  disabled,
  formatted,
}: PhoneInputProps) {
  const [typed, setTyped] = useState<Typed>(() =>
    typedFromValue(value, {
      country: DEFAULT_COUNTRY,
      callingCode: callingCodeOf(DEFAULT_COUNTRY),
      digits: '',
    }),
  );
  const [awake, setAwake] = useState(false);
  const [engine, setEngine] = useState<PhoneEngine | null>(null);
  const [, setMetadataLoads] = useState(0);
  const emitted = useRef(value);
  const input = useRef<HTMLInputElement | null>(null);
  // Digits before the caret after an edit (null: leave the caret where the browser put it).
  const caret = useRef<number | null>(null);

  const wake = useCallback(() => {
    setAwake(true);
    loadPhoneEngine().then(setEngine, () => {
      // Offline: the digits stay as typed, the server checks the number.
    });
  }, []);

  const reading = engine && typed.digits ? engine.readPhone(typed.callingCode, typed.digits) : null;
  const e164 = typed.digits ? (reading?.e164 ?? `+${typed.callingCode}${typed.digits}`) : '';
  let text = `+${typed.callingCode}${typed.digits ? ` ${typed.digits}` : ''}`;
  if (reading) text = reading.display;
  else if (formatted && e164 === formatted.e164) text = formatted.text;
  // +1 242… is the Bahamas, +44 7781… Guernsey: a complete number names its own country.
  const country = reading?.valid && reading.country ? reading.country : typed.country;

  const formattedValue = formatted?.e164;
  useEffect(() => {
    if (value && value !== formattedValue) wake();
  }, [value, formattedValue, wake]);

  // Another country's metadata loads beside the engine, not after it.
  useEffect(() => {
    if (awake) loadPhoneMetadata(typed.callingCode).catch(() => {});
  }, [awake, typed.callingCode]);

  useEffect(() => {
    if (!engine) return;
    let current = true;
    void engine.loadMetadataFor(typed.callingCode).then((loaded) => {
      if (loaded && current) setMetadataLoads((n) => n + 1);
    });
    return () => {
      current = false;
    };
  }, [engine, typed.callingCode]);

  // What the form holds follows what is typed (and the library's reading once it is here).
  useEffect(() => {
    if (e164 === emitted.current) return;
    emitted.current = e164;
    onChange(e164);
  });

  // A value from outside (the saved profile, a reset) replaces what was typed.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setTyped((current) => typedFromValue(value, current));
  }, [value]);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const position = caretAfterDigits(element.value, caret.current);
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  const setInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      element?.addEventListener('beforeinput', guardEdit);
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    const international = next.trimStart().startsWith('+');
    const at = event.target.selectionStart ?? next.length;
    const digitsBefore = digitCount(next.slice(0, at));
    const updated = typedFromText(next, typed);
    // Digits typed without their calling code get it in front of them.
    caret.current =
      at >= next.length ? null : digitsBefore + (international ? 0 : updated.callingCode.length);
    setTyped(updated);
  };

  const onCountryChange = (picked: string) => {
    setTyped((current) =>
      capped({ country: picked, callingCode: callingCodeOf(picked), digits: current.digits }),
    );
    input.current?.focus();
  };

  return (
    <div className="phone-input">
      <CountrySelect
        value={country}
        onChange={onCountryChange}
        onFocus={wake}
        disabled={disabled}
        aria-label="Phone number country"
      />
      <input
        ref={setInputRef}
        type="tel"
        className="phone-input-number"
        id={id}
        name={name}
        value={text}
        onChange={onTextChange}
        onFocus={wake}
        onBlur={onBlur}
        disabled={disabled}
        autoComplete="tel"
        placeholder={PHONE_PLACEHOLDER}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
