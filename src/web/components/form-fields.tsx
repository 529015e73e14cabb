import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  get,
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { ApiError } from '../api.ts';
import { FieldBox, wireField, type FieldWiring } from './FieldBox.tsx';
import { FieldError } from './FieldError.tsx';

export type { FieldWiring };

// The fields of the react-hook-form forms: one component draws a field's label, control, hint
// and error and wires them for assistive technology, so no form writes that markup by hand.
// Apart from FieldError.tsx so that a screen without the form library (the login form) does
// not download it.

/** What every field of one form needs: its ids' prefix, the form's registration and errors. */
export interface FormFields<T extends FieldValues, V = T> {
  id: string;
  register: UseFormRegister<T>;
  control: Control<T, unknown, V>;
  errors: FieldErrors<T>;
}

/** One form's `form` prop for its <Field>s; `id` from useId(). */
export function formFields<T extends FieldValues, V>(
  id: string,
  form: UseFormReturn<T, unknown, V>,
): FormFields<T, V> {
  return { id, register: form.register, control: form.control, errors: form.formState.errors };
}

/** The control: an input of a type, a select (its options as children), a textarea, or one of the caller's. */
type FieldControl<T extends FieldValues, N extends FieldPath<T>> =
  | ({ as?: 'input'; type: 'text' | 'email' | 'url' | 'number' | 'date' | 'tel' } & Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'type' | 'id' | 'name' | 'form' | 'children' | 'aria-invalid' | 'aria-describedby'
    >)
  | { as: 'select'; children: ReactNode }
  | { as: 'textarea'; rows: number }
  /** Another control that takes the registration (the password and phone inputs, an input with a prefix). */
  | { render: (control: FieldWiring & UseFormRegisterReturn<N>) => ReactNode };

export type FieldProps<T extends FieldValues, V, N extends FieldPath<T>> = {
  form: FormFields<T, V>;
  name: N;
  label: ReactNode;
  /** Drawn under the control (before the error), which it describes: `${id}-${name}-hint`. */
  hint?: ReactNode;
  /** Other ids that describe the control, such as a status drawn in `after`. */
  describedBy?: string;
  /** Drawn after the error. */
  after?: ReactNode;
  /** For register(): handlers of the field's own. */
  options?: RegisterOptions<T, N>;
} & FieldControl<T, N>;

/** Every kind's props at once: how Field reads them (the union above is for its callers). */
type AnyControl = {
  as?: 'input' | 'select' | 'textarea';
  children?: ReactNode;
  render?: (control: object) => ReactNode;
};

/** The wiring of field `name`: its id, and whether it is invalid and what describes it. */
export function fieldWiring<T extends FieldValues, V>(
  form: FormFields<T, V>,
  name: FieldPath<T>,
  hint?: ReactNode,
  more?: string,
) {
  const id = `${form.id}-${name}`;
  const message = messageOf(form, name);
  const wiring = wireField(id, message, hint ? `${id}-hint` : null, more);
  return {
    wiring,
    /** Under the control: the hint, then the error. */
    notes: (
      <>
        {hint && (
          <p id={`${id}-hint`} className="field-hint muted">
            {hint}
          </p>
        )}
        <FieldError id={`${id}-error`} message={message} />
      </>
    ),
  };
}

/**
 * One field of a form: the control is `${formId}-${name}`, marked invalid and described by its
 * error (shown under it), then its hint and `describedBy`.
 */
export function Field<T extends FieldValues, V, N extends FieldPath<T>>(
  props: FieldProps<T, V, N>,
) {
  const { form, name, label, hint, describedBy: more, after, options, ...kind } = props;
  const { render, as: Tag = 'input', children, ...attributes } = kind as AnyControl;
  const registration = form.register(name, options);
  return (
    <FieldBox
      id={`${form.id}-${name}`}
      label={label}
      error={messageOf(form, name)}
      hint={hint}
      hintId
      describedBy={more}
      after={after}
    >
      {(wiring) =>
        render ? (
          render({ ...wiring, ...registration })
        ) : (
          <Tag {...attributes} {...wiring} {...registration}>
            {children}
          </Tag>
        )
      }
    </FieldBox>
  );
}

/** Field `name`'s error message, if it has one. */
function messageOf<T extends FieldValues, V>(form: FormFields<T, V>, name: FieldPath<T>) {
  return (get(form.errors, name) as { message?: string } | undefined)?.message;
}

/**
 * Puts the server's field messages (`{ error: { fields } }`) next to the form's own fields
 * and focuses the first; says whether any field took one.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T, unknown, never>, 'getValues' | 'setError'>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const names = Object.keys(form.getValues());
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (names.includes(name)) {
      form.setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
