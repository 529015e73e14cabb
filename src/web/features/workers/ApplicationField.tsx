import { m } from '../../../paraglide/messages.js';
import type { AnswerValue, FieldDef } from '../../../shared/workers/fields.ts';
import { Choice } from '../../components/Choice.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { useChurch } from '../../core/useChurch.ts';
import { PhotoField, type PhotoState } from './PhotoField.tsx';

interface ApplicationFieldProps {
  formId: string;
  field: FieldDef;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
  /** Only for the image kind. */
  photo?: PhotoState;
  onPhoto?: (file: File) => void;
}

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/**
 * One field of the application, drawn from its definition (shared/workers/form.ts): the one place
 * the markup of each field kind lives, for every field of every step.
 */
export function ApplicationField(props: ApplicationFieldProps) {
  const { formId, field, value, error, onChange } = props;
  const id = fieldId(formId, field.name);
  const errorId = `${id}-error`;
  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && errorId),
    'aria-required': field.required || undefined,
  } as const;
  const label = (
    <>
      {field.label}
      {!field.required && <span className="muted"> {m.workers_optional()}</span>}
    </>
  );
  const text = typeof value === 'string' ? value : '';

  if (field.kind === 'radio' || field.kind === 'checkboxes') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="choice-field" id={id} tabIndex={-1} {...a11y}>
        <legend>{label}</legend>
        <div className="choice-list">
          {field.options?.map((option) =>
            field.kind === 'radio' ? (
              <Choice
                key={option.value}
                type="radio"
                name={id}
                value={option.value}
                checked={text === option.value}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                label={option.label}
              />
            ) : (
              <Choice
                key={option.value}
                type="checkbox"
                name={id}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? field
                          .options!.map((o) => o.value)
                          .filter((v) => v === option.value || chosen.includes(v))
                      : chosen.filter((v) => v !== option.value),
                  )
                }
                label={option.label}
              />
            ),
          )}
        </div>
        <FieldError id={errorId} message={error} />
      </fieldset>
    );
  }

  if (field.kind === 'image') {
    return (
      <PhotoField
        id={id}
        label={field.label}
        state={props.photo ?? { status: 'empty' }}
        error={error}
        errorId={errorId}
        onFile={(file) => props.onPhoto?.(file)}
      />
    );
  }

  let control;
  switch (field.kind) {
    case 'textarea':
      control = (
        <textarea
          id={id}
          rows={3}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          {...a11y}
        />
      );
      break;
    case 'select':
      control = (
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)} {...a11y}>
          <option value="">{m.workers_select()}</option>
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'assembly':
      control = <AssemblySelect id={id} value={text} onChange={onChange} a11y={a11y} />;
      break;
    default:
      control = (
        <input
          id={id}
          type={field.kind}
          value={text}
          autoComplete={field.autoComplete ?? 'off'}
          inputMode={field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : undefined}
          autoCapitalize={field.kind === 'email' ? 'none' : undefined}
          spellCheck={field.kind === 'email' ? false : undefined}
          onChange={(e) => onChange(e.target.value)}
          {...a11y}
        />
      );
  }
  return (
    <FieldBox id={id} label={label} error={error}>
      {control}
    </FieldBox>
  );
}

function AssemblySelect({
  id,
  value,
  onChange,
  a11y,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  a11y: object;
}) {
  const { data: church } = useChurch();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...a11y}>
      <option value="">{m.workers_select_assembly()}</option>
      {church?.assemblies.map((a) => (
        <option key={a.slug} value={a.slug}>
          {a.label}
        </option>
      ))}
    </select>
  );
}
