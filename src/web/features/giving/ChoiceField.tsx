import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Choice } from '../../components/Choice.tsx';
import { fieldWiring, type FormFields } from '../../components/form-fields.tsx';

interface ChoiceFieldProps<T extends FieldValues, V> {
  form: FormFields<T, V>;
  name: FieldPath<T>;
  legend: string;
  choices: { value: string; label: string; disabled?: boolean }[];
  gridClassName?: string;
  hint?: string;
  describedBy?: string;
  after?: ReactNode;
}

/**
 * A choice of a giving form (the offering form, the recurring-gift form) as a fieldset of
 * radio buttons (components/Choice.tsx), wired as Field wires its controls. Only the giving
 * forms have them: apart from Field, the other forms do not download them.
 */
export function ChoiceField<T extends FieldValues, V>(props: ChoiceFieldProps<T, V>) {
  const { form, name, choices, hint } = props;
  const { wiring, notes } = fieldWiring(form, name, hint, props.describedBy);
  const registered = form.register(name);
  return (
    <fieldset className="choice-field" aria-describedby={wiring['aria-describedby']}>
      <legend>{props.legend}</legend>
      <div className={props.gridClassName ?? 'choice-grid'}>
        {choices.map((choice) => (
          <Choice
            key={choice.value}
            type="radio"
            label={choice.label}
            value={choice.value}
            disabled={choice.disabled}
            aria-invalid={wiring['aria-invalid']}
            {...registered}
          />
        ))}
      </div>
      {notes}
      {props.after}
    </fieldset>
  );
}
