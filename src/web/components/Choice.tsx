import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  /** Other classes of the card (e.g. a spacing of its form's own). */
  className?: string;
};

/**
 * One choice of a form, a radio button or a checkbox with its label, drawn as the app's
 * tappable card (`.choice` in styles.css) rather than the browser's own control (issue 48).
 * Every form's choices are these; a `ref` (a form library's registration) goes to the input.
 */
export function Choice({ label, className, disabled, ...input }: ChoiceProps) {
  return (
    <label
      className={className ? `choice ${className}` : 'choice'}
      data-disabled={disabled || undefined}
    >
      <input disabled={disabled} {...input} />
      <span>{label}</span>
    </label>
  );
}
