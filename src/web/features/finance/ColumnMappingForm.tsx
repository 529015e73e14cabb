import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import type { Bank } from '../../../shared/constants.ts';
import { checkMapping } from '../../../shared/finance.ts';
import type { BankMapping } from '../../../shared/schemas/finance.ts';
import { messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { bankLabels } from './banks.ts';
import { saveMapping } from './finance.api.ts';

interface ColumnMappingFormProps {
  bank: Bank;
  columns: string[];
  message: string;
  current: BankMapping | undefined;
  onSaved: () => Promise<void>;
}

/**
 * Which of a bank's statement columns hold the date, the description and the amount: asked
 * once per bank, first guessed from the columns' names.
 */
export function ColumnMappingForm({
  bank,
  columns,
  message,
  current,
  onSaved,
}: ColumnMappingFormProps) {
  const id = useId();
  const guess = (words: string[], fallback?: string) =>
    columns.find((c) => words.some((w) => c.toLowerCase().includes(w))) ?? fallback ?? '';
  const [values, setValues] = useState<BankMapping>({
    dateColumn: guess(['date'], current?.dateColumn),
    descriptionColumn: guess(
      ['narration', 'description', 'details', 'remark'],
      current?.descriptionColumn,
    ),
    amountColumn: guess(['credit', 'deposit', 'amount'], current?.amountColumn),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkMapping(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveMapping(bank, values);
      await onSaved();
    } catch (error) {
      setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const select = (key: keyof BankMapping, label: string, hint: string) => (
    <FieldBox id={`${id}-${key}`} label={label} error={errors[key]} hint={hint} hintId>
      {(w) => (
        <select
          {...w}
          value={values[key]}
          aria-describedby={`${id}-${key}-hint${errors[key] ? ` ${id}-${key}-error` : ''}`}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        >
          <option value="">{m.finance_choose_column()}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </FieldBox>
  );

  return (
    <form
      className="form card"
      aria-label={m.finance_columns_of({ bank: bankLabels[bank] })}
      onSubmit={submit}
      noValidate
    >
      <h2>{m.finance_columns_of({ bank: bankLabels[bank] })}</h2>
      <p className="muted">{message}</p>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      {select('dateColumn', m.finance_date_column(), m.finance_date_column_hint())}
      {select(
        'descriptionColumn',
        m.finance_description_column(),
        m.finance_description_column_hint(),
      )}
      {select('amountColumn', m.finance_amount_column(), m.finance_amount_column_hint())}
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? m.common_saving() : m.finance_save_columns()}
      </button>
    </form>
  );
}
