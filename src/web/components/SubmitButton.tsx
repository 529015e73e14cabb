import type { BaseSyntheticEvent, FormEvent, ReactNode } from 'react';

interface SubmitButtonProps {
  /** A request is on its way: the button says so and the form ignores another submit. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  /** Really disabled (e.g. Sign Up while the email is taken). */
  disabled?: boolean;
  describedBy?: string;
}

/**
 * While busy the button is aria-disabled, not disabled: a disabled button drops keyboard focus,
 * and the result popup could then not give focus back to it.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
  describedBy,
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button-block"
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** The form's onSubmit: react-hook-form's handler, ignored while a submit is in flight. */
export function submitUnlessBusy(
  busy: boolean,
  submit: (event?: BaseSyntheticEvent) => Promise<void>,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    void submit(event);
  };
}
