import { FieldBox, type FieldBoxProps } from './FieldBox.tsx';

// The fields of the forms that keep their values in React state (no form library).

/** The form a StateField belongs to: its ids' prefix and its errors by field name. */
export interface StateFields {
  id: string;
  errors: Partial<Record<string, string | null | undefined>>;
}

/** A field of a form that keeps its values in state: control `${form.id}-${name}`, error `errors[name]`. */
export function StateField({
  form,
  name,
  ...box
}: { form: StateFields; name: string } & Omit<FieldBoxProps, 'id' | 'error'>) {
  return <FieldBox id={`${form.id}-${name}`} error={form.errors[name]} {...box} />;
}

/** A state form's value and onChange for field `name`, as a control's props. */
export function bindValues<F extends Record<string, string>>(values: F, set: (values: F) => void) {
  return (name: keyof F & string) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => set({ ...values, [name]: e.target.value }),
  });
}
