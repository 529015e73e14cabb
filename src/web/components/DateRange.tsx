import type { ReactNode } from 'react';
import { StateField, type StateFields } from './StateField.tsx';

interface DateRangeProps<N extends string> {
  form: StateFields;
  /** The names of the start and end fields. */
  names: readonly [N, N];
  labels: readonly [ReactNode, ReactNode];
  /** The value and onChange of a field (bindValues). */
  bind: (name: N) => { value: string; onChange: (e: { target: { value: string } }) => void };
  type?: 'date' | 'datetime-local';
}

/** A start and an end side by side (`field-pair`): report periods, campaigns, check-in windows. */
export function DateRange<N extends string>({
  form,
  names,
  labels,
  bind,
  type = 'date',
}: DateRangeProps<N>) {
  return (
    <div className="field-pair">
      {names.map((name, index) => (
        <StateField key={name} form={form} name={name} label={labels[index]}>
          {(w) => <input {...w} {...bind(name)} type={type} />}
        </StateField>
      ))}
    </div>
  );
}
