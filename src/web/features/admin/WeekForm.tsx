import { m } from '../../../paraglide/messages.js';
import { checkWeek } from '../../../shared/devotional.ts';
import { Field } from '../../components/form-fields.tsx';
import { ContentForm, NumberField, TEXT_INPUT } from './content-editing.tsx';

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
export function WeekForm({ week, suggestedId, ...actions }: WeekFormProps) {
  return (
    <ContentForm
      {...actions}
      check={checkWeek}
      defaultValues={{ id: week?.id ?? suggestedId ?? '', title: week?.title ?? '' }}
      submitLabel={week ? m.admin_save() : m.admin_add_week()}
    >
      {(fields) => (
        <>
          <NumberField
            form={fields}
            name="id"
            label={m.admin_week_number()}
            max={53}
            fixed={!!week}
          />
          <Field form={fields} name="title" label={m.admin_title_label()} {...TEXT_INPUT} />
        </>
      )}
    </ContentForm>
  );
}
