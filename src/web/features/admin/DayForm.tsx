import { m } from '../../../paraglide/messages.js';
import { checkDay, type DayFormInput } from '../../../shared/devotional.ts';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm, LINK_INPUT, NumberField, TEXT_INPUT } from './content-editing.tsx';

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
export function DayForm({ day, suggestedDay, takenDays, ...actions }: DayFormProps) {
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
      {...actions}
      check={check}
      defaultValues={{
        day: day?.day ?? suggestedDay ?? '',
        title: day?.title ?? '',
        documentUrl: day?.documentUrl ?? '',
      }}
      submitLabel={day ? m.admin_save() : m.admin_add_day()}
    >
      {(fields) => (
        <>
          <NumberField
            form={fields}
            name="day"
            label={m.admin_day_number()}
            max={366}
            fixed={!!day}
          />
          <Field form={fields} name="title" label={m.admin_title_label()} {...TEXT_INPUT} />
          <Field
            form={fields}
            name="documentUrl"
            label={m.admin_document_link()}
            {...LINK_INPUT}
            type="url"
            hint={m.admin_document_link_hint()}
          />
        </>
      )}
    </ContentForm>
  );
}
