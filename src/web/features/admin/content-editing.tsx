import { useId, useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { m } from '../../../paraglide/messages.js';
import { messageOf } from '../../api.ts';
import { checkResolver, type FormCheck } from '../../components/check-resolver.ts';
import { formFields, placeServerErrors, type FormFields } from '../../components/form-fields.tsx';
import { submitUnlessBusy } from '../../components/SubmitButton.tsx';
import { toast } from '../../components/Toasts.tsx';

// What the admin's content screens (sermons, devotional weeks, a week's days) share: the form
// that adds or edits one item, an item's Edit and Delete buttons, and the confirmed removal.

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
