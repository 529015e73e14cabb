import { m } from '../../../paraglide/messages.js';
import { checkWeek } from '../../../shared/devotional.ts';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm } from './content-editing.tsx';

export interface WeekFormValues {
  id: number;
  title: string;
}

interface WeekFormProps {
  /** The week being renamed; a new week when absent. */
  week?: { id: number; title: string };
  /** A number for a new week (the one after the last). */
  suggestedId?: number;
  onSave: (values: WeekFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A devotional week: its number (1–53, fixed once added) and its title. */
export function WeekForm({ week, suggestedId, onSave, onCancel }: WeekFormProps) {
  return (
    <ContentForm
      check={checkWeek}
      defaultValues={{ id: week?.id ?? suggestedId ?? '', title: week?.title ?? '' }}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={week ? m.admin_save() : m.admin_add_week()}
    >
      {(fields) => (
        <>
          {week ? (
            // Renaming keeps the number.
            <input type="hidden" {...fields.register('id')} />
          ) : (
            <Field
              form={fields}
              name="id"
              label={m.admin_week_number()}
              type="number"
              inputMode="numeric"
              min={1}
              max={53}
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
        </>
      )}
    </ContentForm>
  );
}
