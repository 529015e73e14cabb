import { m } from '../../../paraglide/messages.js';
import { checkDay, type DayFormInput } from '../../../shared/devotional.ts';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm } from './content-editing.tsx';

// The day's number is in the address of the write, its title and link in the body.
export interface DayFormValues {
  day: number;
  title: string;
  documentUrl?: string | null;
}

interface DayFormProps {
  /** The day being edited (its number is fixed); a new day when absent. */
  day?: { day: number; title: string; documentUrl: string | null };
  suggestedDay?: number;
  /** Days the week has already, so adding one of them says to edit it instead. */
  takenDays: number[];
  onSave: (values: DayFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A devotional day: its number, title and optional document link ('Coming Soon' without). */
export function DayForm({ day, suggestedDay, takenDays, onSave, onCancel }: DayFormProps) {
  // What dayUpsertSchema and dayNumberSchema say, and that a new day's number is free.
  const check = (input: DayFormInput) => {
    const result = checkDay(input);
    if (result.ok && !day && takenDays.includes(result.values.day)) {
      const taken = m.admin_day_taken({ day: result.values.day });
      return { ok: false as const, errors: { day: taken } };
    }
    return result;
  };
  return (
    <ContentForm
      check={check}
      defaultValues={{
        day: day?.day ?? suggestedDay ?? '',
        title: day?.title ?? '',
        documentUrl: day?.documentUrl ?? '',
      }}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={day ? m.admin_save() : m.admin_add_day()}
    >
      {(fields) => (
        <>
          {day ? (
            <input type="hidden" {...fields.register('day')} />
          ) : (
            <Field
              form={fields}
              name="day"
              label={m.admin_day_number()}
              type="number"
              inputMode="numeric"
              min={1}
              max={366}
              step={1}
            />
          )}
          <Field
            form={fields}
            name="title"
            label={m.admin_title_label()}
            type="text"
            autoComplete="off"
          />
          <Field
            form={fields}
            name="documentUrl"
            label={m.admin_document_link()}
            type="url"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={m.admin_document_link_hint()}
          />
        </>
      )}
    </ContentForm>
  );
}
