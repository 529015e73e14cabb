import { useCallback, type Ref } from 'react';
import PhoneNumberInput from 'react-phone-number-input';
import { CountrySelect } from './CountrySelect.tsx';

/** Spec §9: the placeholder format the product shows. */
const PHONE_PLACEHOLDER = '1 (702) 123-4567';

/** Spec §5 and E.164: at most 15 digits, country code included. */
export const PHONE_MAX_DIGITS = 15;

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/**
 * The library keeps a number within the lengths its metadata allows for the country, which
 * for some countries is more than E.164's 15 digits in all (Nigeria: +234 and up to 14
 * more). It ignores a smaller `value` handed back to it, so the extra digit is refused here,
 * before it reaches the input. One function for every input, so adding it twice is a no-op.
 */
function refuseDigitsPastMax(event: InputEvent) {
  if (!event.inputType.startsWith('insert')) return;
  const input = event.target as HTMLInputElement;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const kept = digitCount(input.value.slice(0, start) + input.value.slice(end));
  const added = digitCount(event.data ?? event.dataTransfer?.getData('text') ?? '');
  if (added > 0 && kept + added > PHONE_MAX_DIGITS) event.preventDefault();
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
}

/**
 * International phone input (spec §5, §9): Ghana by default, formatted per country as it is
 * typed, never longer than the country's numbers (E.164: at most 15 digits).
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
}: PhoneInputProps) {
  const setInputRef = useCallback(
    (input: HTMLInputElement | null) => {
      input?.addEventListener('beforeinput', refuseDigitsPastMax);
      if (typeof inputRef === 'function') inputRef(input);
      else if (inputRef) inputRef.current = input;
    },
    [inputRef],
  );

  return (
    <PhoneNumberInput
      className="phone-input"
      id={id}
      name={name}
      // The library forwards `ref` to its <input> (its typings say the class component).
      ref={setInputRef as Ref<never>}
      value={value || undefined}
      onChange={(next?: string) => onChange(next ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      defaultCountry="GH"
      international
      countryCallingCodeEditable={false}
      addInternationalOption={false}
      limitMaxLength
      countrySelectComponent={CountrySelect}
      autoComplete="tel"
      placeholder={PHONE_PLACEHOLDER}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
