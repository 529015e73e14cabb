import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { toast } from '../../components/Toasts.tsx';
import { DEVOTIONAL_MESSAGES, type DevotionalDaySummary } from '../../../shared/devotional.ts';
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
} from '../devotional/index.ts';
import { DayForm, type DayFormValues } from './DayForm.tsx';
import { AdminItem, ContentPage, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'edit'; day: DevotionalDaySummary } | null;

/** /admin/devotional/week/{weekId}: add, edit and remove the week's days. */
export function AdminDevotionalWeekPage() {
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
      editing?.kind === 'edit'
        ? m.admin_day_saved({ day: values.day })
        : m.admin_day_added({ day: values.day }),
    );
    setEditing(null);
    await refreshDevotional(queryClient);
  };

  // Days are listed only once their week is known.
  const removal = useRemoval(
    async (day: DevotionalDaySummary) => {
      await deleteDay(week!.id, day.day);
      return m.admin_day_deleted({ day: day.day });
    },
    () => refreshDevotional(queryClient),
  );

  // Not QueryState: two queries in turn, the days' 404 is an empty week, and the title follows.
  let title: string = m.admin_week({ week: weekParam });
  let body;
  if (weeks.isPending || (week && daysQuery.isPending)) {
    body = <Spinner label={m.admin_loading_days()} />;
  } else if (weeks.isError) {
    body = (
      <LoadFailed
        message={m.admin_load_weeks_failed()}
        reason={weeks.error.message}
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (!week) {
    body = <p className="form-alert">{m.admin_week_missing({ week: weekParam })}</p>;
  } else if (daysQuery.isError && !isMissing(daysQuery.error)) {
    body = (
      <LoadFailed
        message={m.admin_load_days_failed()}
        reason={daysQuery.error.message}
        onRetry={() => void daysQuery.refetch()}
      />
    );
  } else {
    title = week.title;
    body =
      days.length === 0 ? (
        <p className="muted">{m.admin_no_days({ shown: DEVOTIONAL_MESSAGES.noWeek(week.id) })}</p>
      ) : (
        <ol className="admin-list" aria-label={m.admin_days_of_week({ week: week.id })}>
          {days.map((day) => (
            <AdminItem
              key={day.day}
              number={m.admin_day({ day: day.day })}
              badge
              title={day.title}
              meta={day.hasDocument ? m.admin_document_linked() : m.shared_devotional_coming_soon()}
            >
              <ItemButtons
                item={m.admin_day({ day: day.day })}
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
    <ContentPage
      back={paths.adminDevotional}
      backLabel={m.admin_all_weeks()}
      eyebrow={week && m.admin_week({ week: week.id })}
      title={title}
      add={week && { label: m.admin_add_day(), onClick: () => setEditing({ kind: 'add' }) }}
    >
      {body}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'edit' ? m.admin_edit_day({ day: editing.day.day }) : m.admin_add_day()
        }
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

      <ConfirmModal
        {...removal.confirmProps}
        title={m.admin_delete_day_title({ day: removal.item?.day ?? '' })}
      >
        <p>{m.admin_delete_item_text({ title: removal.item?.title ?? '' })}</p>
      </ConfirmModal>
    </ContentPage>
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
  // Not QueryState: a failure is the form's alert, without a retry. Not a copy cached from an
  // earlier visit either: the form starts from what is saved now.
  if (current.isPending || (!current.isFetchedAfterMount && !current.isError)) {
    return <Spinner label={m.admin_loading_day()} />;
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
