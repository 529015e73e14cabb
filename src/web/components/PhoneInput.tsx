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
import { callingCodeOf, DEFAULT_COUNTRY, loadPhoneMetadata } from './phone-countries.ts';
import {
  capped,
  caretAfterDigits,
  digitCount,
  planEdit,
  typedFromText,
  typedFromValue,
  type Typed,
} from './phone-typing.ts';

/** Spec §9: the placeholder format the product shows. */
const PHONE_PLACEHOLDER = '1 (702) 123-4567';

interface PhoneInputProps {
  id: string;
  name: string;
  /** E.164 ('+233241234567'), or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
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
  ref: inputRef,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
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
  // Values sent to the form that it has not handed back yet. Its re-render can trail fast
  // typing by a key or two: a late echo of an older value is not a change from outside, and
  // taking it as one dropped the digits typed since (issue 29).
  const unanswered = useRef<string[]>([]);
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
    unanswered.current.push(e164);
    onChange(e164);
  });

  // A value from outside (the saved profile, a reset) replaces what was typed.
  useEffect(() => {
    const echo = unanswered.current.indexOf(value);
    if (echo !== -1) {
      unanswered.current.splice(0, echo + 1);
      return;
    }
    if (value === emitted.current) return;
    emitted.current = value;
    unanswered.current = [];
    setTyped((current) => typedFromValue(value, current));
  }, [value]);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const position = caretAfterDigits(element.value, caret.current);
    caret.current = null;
    element.setSelectionRange(position, position);
  });

  // An edit that starts inside the calling code is made here, on the number after it.
  const guardEdit = useCallback((event: InputEvent) => {
    const element = event.target as HTMLInputElement;
    const plan = planEdit({
      text: element.value,
      start: element.selectionStart ?? element.value.length,
      end: element.selectionEnd ?? element.selectionStart ?? element.value.length,
      inputType: event.inputType,
      data: event.data ?? event.dataTransfer?.getData('text') ?? null,
    });
    if (plan.kind === 'browser') return;
    event.preventDefault();
    if (plan.kind === 'refuse') return;
    caret.current = plan.kind === 'digits' ? plan.caret : null;
    setTyped((current) =>
      plan.kind === 'digits'
        ? capped({ ...current, digits: plan.digits })
        : typedFromText(plan.text, current),
    );
  }, []);

  const setInputRef = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      element?.addEventListener('beforeinput', guardEdit);
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef, guardEdit],
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
