import { useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import { messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { checkResolver, type FormCheck } from '../../components/check-resolver.ts';
import {
  Field,
  formFields,
  placeServerErrors,
  type FormFields,
} from '../../components/form-fields.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { toast } from '../../components/Toasts.tsx';

// What the admin's content screens (sermons, devotional weeks, a week's days, videos) share:
// the page's head, the form that adds or edits one item, an item's Edit and Delete buttons,
// and the confirmed removal.

interface ContentPageProps {
  /** Where the back link goes, and what it says. */
  back: string;
  backLabel: string;
  /** Over the title (the week a day list belongs to). */
  eyebrow?: ReactNode;
  title: ReactNode;
  /** The button that adds an item, beside the title; none without it. */
  add?: { label: string; onClick: () => void };
  intro?: ReactNode;
  /** The list, then the page's dialogs. */
  children: ReactNode;
}

/** A content screen: back link, title with its add button, a line of intro, then the list. */
export function ContentPage({
  back,
  backLabel,
  eyebrow,
  title,
  add,
  intro,
  children,
}: ContentPageProps) {
  const id = useId();
  return (
    <section className="page admin-content-page" aria-labelledby={`${id}-title`}>
      <BackLink to={back}>{backLabel}</BackLink>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <div className="admin-title-row">
        <h1 id={`${id}-title`}>{title}</h1>
        {add && (
          <button type="button" className="button button-small" onClick={add.onClick}>
            {add.label}
          </button>
        )}
      </div>
      {intro && <p className="muted admin-intro">{intro}</p>}
      {children}
    </section>
  );
}

interface ContentFormProps<I extends FieldValues, V> {
  /** The shared check (src/shared) that says what the server's schema says: no zod here. */
  check: (values: I) => FormCheck<I, V>;
  /** Every field of the form, and the names the server's field messages may carry. */
  defaultValues: I;
  /** Adds or saves; throws an ApiError when the server refuses. */
  onSave: (values: V) => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  children: (fields: FormFields<I, V>) => ReactNode;
}

/**
 * A content item's form in its dialog, checked here and again by the server: the server's
 * messages about a field go next to it, any other above the form.
 */
export function ContentForm<I extends FieldValues, V extends FieldValues>({
  check,
  defaultValues,
  onSave,
  onCancel,
  submitLabel,
  children,
}: ContentFormProps<I, V>) {
  const id = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<I, unknown, V>({
    resolver: checkResolver(check),
    defaultValues: defaultValues as DefaultValues<I>,
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (values: V) => {
    setAlert(null);
    try {
      await onSave(values);
    } catch (error) {
      setAlert(placeServerErrors(error, form) ? null : messageOf(error));
    }
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={submitUnlessBusy(isSubmitting, handleSubmit(onSubmit))}
    >
      {alert && (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      )}
      {children(formFields(id, form))}
      <div className="button-row form-actions">
        <button type="submit" className="button" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? m.common_saving() : submitLabel}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {m.admin_cancel()}
        </button>
      </div>
    </form>
  );
}

/** A title's or a name's input: the browser suggests no earlier entries. */
export const TEXT_INPUT = { type: 'text', autoComplete: 'off' } as const;

/** A link or a video's id, typed or pasted: the keyboard with / and .com, no capitals. */
export const LINK_INPUT = {
  type: 'text',
  inputMode: 'url',
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

interface NumberFieldProps<T extends FieldValues, V> {
  form: FormFields<T, V>;
  name: FieldPath<T>;
  label: string;
  max: number;
  /** Editing: the number is the item's and stays as it is. */
  fixed: boolean;
}

/** A week's or a day's number, from 1 to `max`: typed when adding, kept when editing. */
export function NumberField<T extends FieldValues, V>({
  form,
  name,
  label,
  max,
  fixed,
}: NumberFieldProps<T, V>) {
  if (fixed) return <input type="hidden" {...form.register(name)} />;
  return (
    <Field
      form={form}
      name={name}
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
    />
  );
}

/**
 * Removing an item for everyone once the admin confirms: `remove` says what was done (a
 * toast), a refusal is a toast too, and the list is read again either way. Spread
 * `confirmProps` on the ConfirmModal.
 */
export function useRemoval<T>(remove: (item: T) => Promise<string>, refresh: () => Promise<void>) {
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      toast.success(await remove(item));
      setItem(null);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return {
    /** The item the dialog asks about. */
    item,
    ask: setItem,
    confirmProps: {
      open: item !== null,
      confirmLabel: m.admin_delete(),
      busy,
      busyLabel: m.admin_deleting(),
      onConfirm: () => void confirm(),
      onCancel: () => setItem(null),
    },
  };
}

interface ItemButtonsProps {
  /** The item as a screen reader hears it in the buttons' names: 'Edit {item}', 'Delete {item}'. */
  item: string;
  /** The first button's word: 'Edit', or 'Rename' for a week. */
  edit?: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** A listed item's Edit and Delete buttons. */
export function ItemButtons({ item, edit = m.admin_edit(), onEdit, onDelete }: ItemButtonsProps) {
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={m.admin_item_action({ action: edit, item })}
        onClick={onEdit}
      >
        {edit}
      </button>
      <button
        type="button"
        className="button button-secondary button-small button-danger"
        aria-label={m.admin_delete_item({ item })}
        onClick={onDelete}
      >
        {m.admin_delete()}
      </button>
    </>
  );
}

interface AdminItemProps {
  /** The number or badge before the title ('1', 'Week 15'); only a number is hidden from screen readers. */
  number: ReactNode;
  /** A label that reads on its own ('Week 15') rather than a place in the order. */
  badge?: boolean;
  title: ReactNode;
  meta?: ReactNode;
  /** The item's buttons and links. */
  children: ReactNode;
}

/** One row of a content list: its number or badge, title and a line of detail, then its actions. */
export function AdminItem({ number, badge, title, meta, children }: AdminItemProps) {
  return (
    <li className="admin-item">
      <span
        className={badge ? 'admin-item-number admin-item-badge' : 'admin-item-number'}
        aria-hidden={badge ? undefined : 'true'}
      >
        {number}
      </span>
      <div className="admin-item-text">
        <span className="admin-item-title">{title}</span>
        {meta !== undefined && <span className="admin-item-meta">{meta}</span>}
      </div>
      <div className="admin-item-actions">{children}</div>
    </li>
  );
}
