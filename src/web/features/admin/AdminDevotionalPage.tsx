import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/Toasts.tsx';
import type { DevotionalWeekSummary } from '../../../shared/devotional.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import {
  createWeek,
  deleteWeek,
  refreshDevotional,
  renameWeek,
  useDevotionalWeeks,
} from '../devotional/devotional.api.ts';
import { WeekForm, type WeekFormValues } from './WeekForm.tsx';
import { AdminItem, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'rename'; week: DevotionalWeekSummary } | null;

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** /admin/devotional: add, rename and remove devotional weeks (issue 4, beyond the spec). */
export function AdminDevotionalPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const weeks = useDevotionalWeeks();
  const [editing, setEditing] = useState<Editing>(null);

  const save = async (values: WeekFormValues) => {
    if (editing?.kind === 'rename') {
      await renameWeek(editing.week.id, values.title);
      toast.success(`Week ${editing.week.id} renamed.`);
    } else {
      await createWeek(values);
      toast.success(`Week ${values.id} added.`);
    }
    setEditing(null);
    await refreshDevotional(queryClient);
  };

  const removal = useRemoval(
    async (week: DevotionalWeekSummary) => {
      await deleteWeek(week.id);
      return `Week ${week.id} deleted.`;
    },
    () => refreshDevotional(queryClient),
  );

  const nextWeek = weeks.data?.length
    ? Math.min(53, Math.max(...weeks.data.map((w) => w.id)) + 1)
    : undefined;

  let body;
  if (weeks.isPending) {
    body = <Spinner label="Loading weeks..." />;
  } else if (weeks.isError) {
    body = (
      <LoadFailed
        message="We could not load the weeks."
        reason={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (weeks.data.length === 0) {
    body = <p className="muted">No weeks yet. Add the first one.</p>;
  } else {
    body = (
      <ul className="admin-list" aria-label="Weeks">
        {weeks.data.map((week) => (
          <AdminItem
            key={week.id}
            number={`Week ${week.id}`}
            badge
            title={week.title}
            meta={days(week.dayCount)}
          >
            <Link
              className="button button-small"
              to={paths.adminDevotionalWeek(week.id)}
              aria-label={`Days of Week ${week.id}`}
            >
              Days
            </Link>
            <ItemButtons
              item={`Week ${week.id}`}
              edit="Rename"
              onEdit={() => setEditing({ kind: 'rename', week })}
              onDelete={() => removal.ask(week)}
            />
          </AdminItem>
        ))}
      </ul>
    );
  }

  return (
    <section className="page admin-content-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin Dashboard</BackLink>
      <div className="admin-title-row">
        <h1 id={`${id}-title`}>Devotional</h1>
        <button
          type="button"
          className="button button-small"
          onClick={() => setEditing({ kind: 'add' })}
        >
          Add week
        </button>
      </div>
      <p className="muted admin-intro">
        Members see changes at once. Open a week’s days to add, edit or remove them.
      </p>
      {body}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'rename' ? `Rename Week ${editing.week.id}` : 'Add week'}
      >
        {editing && (
          <WeekForm
            week={editing.kind === 'rename' ? editing.week : undefined}
            suggestedId={nextWeek}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal {...removal.confirmProps} title={`Delete Week ${removal.item?.id ?? ''}?`}>
        <p>
          “{removal.item?.title}” and its {days(removal.item?.dayCount ?? 0)} will be removed for
          everyone. This cannot be undone.
        </p>
      </ConfirmModal>
    </section>
  );
}
