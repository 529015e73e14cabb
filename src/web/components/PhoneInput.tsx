import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CountrySelect } from './CountrySelect.tsx';
import { loadPhoneEngine } from './phone-check.ts';
import { callingCodeOf, DEFAULT_COUNTRY, loadPhoneMetadata } from './phone-countries.ts';
import {
  capped,
  caretAfterDigits,
  digitCount,
  editAroundCode,
  typedFromText,
  typedFromValue,
  type Typed,
} from './phone-typing.ts';
import { m } from '../../paraglide/messages.js';

/** Spec §9: the placeholder format the product shows. */
const PHONE_PLACEHOLDER = '1 (702) 123-4567';

/**
 * react-hook-form's registration of the field (`register(name)`), and its wiring. The input
 * holds what is typed and tells the form the number (E.164, or '' when empty); the form sets
 * one (its default, a reset) through the field it is given by `ref`.
 */
interface PhoneInputProps extends UseFormRegisterReturn {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
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
  onChange,
  onBlur,
  ref: register,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
  disabled,
  formatted,
}: PhoneInputProps) {
  const [typed, setTyped] = useState<Typed>({
    country: DEFAULT_COUNTRY,
    callingCode: callingCodeOf(DEFAULT_COUNTRY),
    digits: '',
  });
  const [awake, setAwake] = useState(false);
  const [engine, setEngine] = useState<PhoneEngine | null>(null);
  const [, setMetadataLoads] = useState(0);
  // The number the form holds. The form reads it from the field below rather than being
  // handed it: a value handed back through a re-render can trail fast typing, and taking
  // an older one for a change from outside dropped the digits typed since (issue 29).
  const number = useRef('');
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
    if (e164 && e164 !== formattedValue) wake();
  }, [e164, formattedValue, wake]);

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

  // The field the form registers: it reads and sets the number, and focuses the input.
  const field = useMemo(
    () => ({
      name,
      get value() {
        return number.current;
      },
      set value(next: string) {
        if (next === number.current) return;
        number.current = next;
        setTyped((current) => typedFromValue(next, current));
      },
      focus: () => input.current?.focus(),
    }),
    [name],
  );
  useLayoutEffect(() => {
    register(field);
    return () => register(null);
  }, [register, field]);

  // What the form holds follows what is typed (and the library's reading once it is here).
  useEffect(() => {
    if (e164 === number.current) return;
    number.current = e164;
    void onChange({ target: field, type: 'change' });
  });

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const position = caretAfterDigits(element.value, caret.current);
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  // An edit that starts inside the calling code is made here, just after it.
  const guardEdit = useCallback((event: InputEvent) => {
    const element = event.target as HTMLInputElement;
    const text = element.value;
    const start = element.selectionStart ?? text.length;
    const edit = editAroundCode({
      text,
      start,
      end: element.selectionEnd ?? start,
      inputType: event.inputType,
      data: event.data ?? event.dataTransfer?.getData('text') ?? '',
    });
    if (edit === undefined) return;
    event.preventDefault();
    if (!edit) return;
    caret.current = digitCount(edit.text.slice(0, edit.at));
    setTyped((current) => typedFromText(edit.text, current));
  }, []);

  const setInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      element?.addEventListener('beforeinput', guardEdit);
    },
    [guardEdit],
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
        aria-label={m.components_phone_country()}
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
