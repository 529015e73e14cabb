import type { ReactNode } from 'react';
import { describedBy, FieldError } from './FieldError.tsx';

// The one field frame (label, control, hint, error) of every form. No form library here: the
// forms that keep their values in state and the login form (decision 011) use it directly,
// the react-hook-form forms through form-fields.tsx's <Field>.

/** The attributes that tie a control to its label, hint and error. */
export interface FieldWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Control `id`'s wiring: invalid while it has an error, described by the error then `more`. */
export function wireField(
  id: string,
  error: string | null | undefined,
  ...more: (string | false | null | undefined)[]
): FieldWiring {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && `${id}-error`, ...more),
  };
}

export interface FieldBoxProps {
  /** The control's id; its error is `${id}-error`, its hint (with `hintId`) `${id}-hint`. */
  id: string;
  label: ReactNode;
  error?: string | null;
  /** Drawn under the control, before the error. */
  hint?: ReactNode;
  /** The hint has the id `${id}-hint` (for the control's aria-describedby). */
  hintId?: boolean;
  /** Other ids that describe the control, such as a status drawn in `after`. */
  describedBy?: string;
  /** Drawn after the error. */
  after?: ReactNode;
  /** Drawn between the label and the control (a note the label introduces). */
  before?: ReactNode;
  /**
   * A field whose control is not one element (a read-only value, the signature pad) names
   * itself with a `<span>` or `<p>` of id `labelId` (for aria-labelledby) instead of a label.
   */
  labelAs?: { tag: 'span' | 'p'; id: string };
  /** The control, given its wiring; or a node already wired. */
  children: ((wiring: FieldWiring) => ReactNode) | ReactNode;
}

/**
 * One field: `<div class="field">` with its label for control `id`, the control, its hint and
 * its error (shown under it).
 */
export function FieldBox({
  id,
  label,
  error,
  hint,
  hintId,
  describedBy: more,
  after,
  before,
  labelAs,
  children,
}: FieldBoxProps) {
  const wiring = wireField(id, error, hint && hintId ? `${id}-hint` : null, more);
  return (
    <div className="field">
      {labelAs ? (
        <labelAs.tag className="field-label" id={labelAs.id}>
          {label}
        </labelAs.tag>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {before}
      {typeof children === 'function' ? children(wiring) : children}
      {hint && (
        <p id={hintId ? `${id}-hint` : undefined} className="field-hint muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error ?? undefined} />
      {after}
    </div>
  );
}

/** An email address's input: the phone keyboard with @, no autocorrect or capitals. */
export const EMAIL_INPUT = {
  type: 'email',
  autoComplete: 'email',
  inputMode: 'email',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
