import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../components/Toasts.tsx';
import { DEVOTIONAL_MESSAGES, type DevotionalDaySummary } from '../../../shared/devotional.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { messageOf } from '../../api.ts';
import { paths } from '../../paths.ts';
import {
  deleteDay,
  isMissing,
  numberParam,
  refreshDevotional,
  saveDay,
  useDevotionalDay,
  useDevotionalWeek,
  useDevotionalWeeks,
} from '../devotional/devotional.api.ts';
import { DayForm, type DayFormValues } from './DayForm.tsx';
import { AdminItem, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'edit'; day: DevotionalDaySummary } | null;

/** /admin/devotional/week/{weekId}: add, edit and remove the week's days. */
export function AdminDevotionalWeekPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const { weekId: weekParam = '' } = useParams();
  const weekId = numberParam(weekParam);
  const weeks = useDevotionalWeeks();
  const week = weeks.data?.find((w) => w.id === weekId);
  // A week without days answers 'No devotionals found': here that is an empty list.
  const daysQuery = useDevotionalWeek(week ? week.id : null);
  const days = daysQuery.data?.days ?? [];
  const [editing, setEditing] = useState<Editing>(null);

  const save = async (values: DayFormValues) => {
    await saveDay(week!.id, values.day, values);
    toast.success(
      editing?.kind === 'edit' ? `Day ${values.day} saved.` : `Day ${values.day} added.`,
    );
    setEditing(null);
    await refreshDevotional(queryClient);
  };

  // Days are listed only once their week is known.
  const removal = useRemoval(
    async (day: DevotionalDaySummary) => {
      await deleteDay(week!.id, day.day);
      return `Day ${day.day} deleted.`;
    },
    () => refreshDevotional(queryClient),
  );

  let title = `Week ${weekParam}`;
  let body;
  if (weeks.isPending || (week && daysQuery.isPending)) {
    body = <Spinner label="Loading days..." />;
  } else if (weeks.isError) {
    body = (
      <LoadFailed
        message="We could not load the weeks."
        reason={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (!week) {
    body = <p className="form-alert">Week {weekParam} does not exist. Add it first.</p>;
  } else if (daysQuery.isError && !isMissing(daysQuery.error)) {
    body = (
      <LoadFailed
        message="We could not load the days."
        reason={daysQuery.error.message}
        onRetry={() => void daysQuery.refetch()}
      />
    );
  } else {
    title = week.title;
    body =
      days.length === 0 ? (
        <p className="muted">
          No days yet: members see ‘{DEVOTIONAL_MESSAGES.noWeek(week.id)}’. Add the first day.
        </p>
      ) : (
        <ol className="admin-list" aria-label={`Days of Week ${week.id}`}>
          {days.map((day) => (
            <AdminItem
              key={day.day}
              number={`Day ${day.day}`}
              badge
              title={day.title}
              meta={day.hasDocument ? 'Document linked' : DEVOTIONAL_MESSAGES.comingSoon}
            >
              <ItemButtons
                item={`Day ${day.day}`}
                onEdit={() => setEditing({ kind: 'edit', day })}
                onDelete={() => removal.ask(day)}
              />
            </AdminItem>
          ))}
        </ol>
      );
  }

  const nextDay = days.length > 0 ? Math.min(366, Math.max(...days.map((d) => d.day)) + 1) : 1;

  return (
    <section className="page admin-content-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.adminDevotional}>All weeks</BackLink>
      {week && <p className="eyebrow">Week {week.id}</p>}
      <div className="admin-title-row">
        <h1 id={`${id}-title`}>{title}</h1>
        {week && (
          <button
            type="button"
            className="button button-small"
            onClick={() => setEditing({ kind: 'add' })}
          >
            Add day
          </button>
        )}
      </div>
      {body}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? `Edit Day ${editing.day.day}` : 'Add day'}
      >
        {editing?.kind === 'edit' && week ? (
          <EditDay
            weekId={week.id}
            day={editing.day.day}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : editing ? (
          <DayForm
            suggestedDay={nextDay}
            takenDays={days.map((d) => d.day)}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>

      <ConfirmModal {...removal.confirmProps} title={`Delete Day ${removal.item?.day ?? ''}?`}>
        <p>“{removal.item?.title}” will be removed for everyone. This cannot be undone.</p>
      </ConfirmModal>
    </section>
  );
}

/** The day's current document link is read first (the week's list only says if it has one). */
function EditDay({
  weekId,
  day,
  onSave,
  onCancel,
}: {
  weekId: number;
  day: number;
  onSave: (values: DayFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const current = useDevotionalDay(weekId, day);
  // Not a copy cached from an earlier visit: the form starts from what is saved now.
  if (current.isPending || (!current.isFetchedAfterMount && !current.isError)) {
    return <Spinner label="Loading day..." />;
  }
  if (current.isError) {
    return (
      <p className="form-alert" role="alert">
        {messageOf(current.error)}
      </p>
    );
  }
  return <DayForm day={current.data} takenDays={[]} onSave={onSave} onCancel={onCancel} />;
}
