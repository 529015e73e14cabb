import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  Controller,
  get,
  type Control,
  type ControllerRenderProps,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { ApiError } from '../api.ts';
import { describedBy, FieldError } from './FieldError.tsx';

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

/** The attributes that tie a control to its label, hint and error. */
export interface FieldWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type Choice = { value: string; label: ReactNode; disabled?: boolean };

/** The control: an input of a type, a select (its options as children), a textarea, radios, or one of the caller's. */
type FieldControl<T extends FieldValues, N extends FieldPath<T>> =
  | ({ type: 'text' | 'email' | 'url' | 'number' | 'date' | 'tel' } & Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'type' | 'id' | 'name' | 'form' | 'children' | 'aria-invalid' | 'aria-describedby'
    >)
  | { type: 'select'; children: ReactNode }
  | { type: 'textarea'; rows: number }
  /** A fieldset of radio buttons, the label as its legend. */
  | { type: 'radio'; choices: readonly Choice[]; gridClassName?: string }
  /** Another control that takes the registration (a password input, an input with a prefix). */
  | { render: (control: FieldWiring & UseFormRegisterReturn<N>) => ReactNode }
  /** A control that holds its own value (the phone input), through react-hook-form's Controller. */
  | { controlled: (control: FieldWiring & ControllerRenderProps<T, N>) => ReactNode };

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

/**
 * One field of a form: the control is `${formId}-${name}`, marked invalid and described by its
 * error (shown under it), then its hint and `describedBy`.
 */
export function Field<T extends FieldValues, V, N extends FieldPath<T>>(
  props: FieldProps<T, V, N>,
) {
  const { form, name, label, hint, after, options } = props;
  const id = `${form.id}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const message = (get(form.errors, name) as { message?: string } | undefined)?.message;
  const wiring: FieldWiring = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy(message && errorId, hint ? hintId : null, props.describedBy),
  };
  const notes = (
    <>
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={message} />
      {after}
    </>
  );

  if ('type' in props && props.type === 'radio') {
    const registered = form.register(name, options);
    return (
      <fieldset className="choice-field" aria-describedby={wiring['aria-describedby']}>
        <legend>{label}</legend>
        <div className={props.gridClassName ?? 'choice-grid'}>
          {props.choices.map((choice) => (
            <label
              key={choice.value}
              className="choice"
              data-disabled={choice.disabled || undefined}
            >
              <input
                type="radio"
                value={choice.value}
                disabled={choice.disabled}
                aria-invalid={wiring['aria-invalid']}
                {...registered}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {notes}
      </fieldset>
    );
  }

  let control: ReactNode;
  if ('controlled' in props) {
    const { controlled } = props;
    control = (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => <>{controlled({ ...wiring, ...field })}</>}
      />
    );
  } else {
    const registered = { ...wiring, ...form.register(name, options) };
    if ('render' in props) control = props.render(registered);
    else if (props.type === 'select') control = <select {...registered}>{props.children}</select>;
    else if (props.type === 'textarea') control = <textarea rows={props.rows} {...registered} />;
    else {
      const { form: _f, name: _n, label: _l, hint: _h, after: _a, options: _o, ...rest } = props;
      const { describedBy: _d, ...input } = rest;
      control = <input {...input} {...registered} />;
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {notes}
    </div>
  );
}

/**
 * Puts the server's field messages (`{ error: { fields } }`) next to the form's own fields
 * and focuses the first; says whether any field took one.
 */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}
