import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { toast } from '../../components/Toasts.tsx';
import type { DevotionalWeekSummary } from '../../../shared/devotional.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Modal } from '../../components/Modal.tsx';
import { paths } from '../../paths.ts';
import {
  createWeek,
  deleteWeek,
  refreshDevotional,
  renameWeek,
  useDevotionalWeeks,
} from '../devotional/index.ts';
import { WeekForm, type WeekFormValues } from './WeekForm.tsx';
import { AdminItem, ContentPage, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'rename'; week: DevotionalWeekSummary } | null;

const days = (count: number) => m.admin_days_count({ count });

/** /admin/devotional: add, rename and remove devotional weeks (issue 4, beyond the spec). */
export function AdminDevotionalPage() {
  const queryClient = useQueryClient();
  const weeks = useDevotionalWeeks();
  const [editing, setEditing] = useState<Editing>(null);

  const save = async (values: WeekFormValues) => {
    if (editing?.kind === 'rename') {
      await renameWeek(editing.week.id, values.title);
      toast.success(m.admin_week_renamed({ week: editing.week.id }));
    } else {
      await createWeek(values);
      toast.success(m.admin_week_added({ week: values.id }));
    }
    setEditing(null);
    await refreshDevotional(queryClient);
  };

  const removal = useRemoval(
    async (week: DevotionalWeekSummary) => {
      await deleteWeek(week.id);
      return m.admin_week_deleted({ week: week.id });
    },
    () => refreshDevotional(queryClient),
  );

  const nextWeek = weeks.data?.length
    ? Math.min(53, Math.max(...weeks.data.map((w) => w.id)) + 1)
    : undefined;

  return (
    <ContentPage
      back={paths.admin}
      backLabel={m.admin_dashboard()}
      title={m.admin_devotional_title()}
      add={{ label: m.admin_add_week(), onClick: () => setEditing({ kind: 'add' }) }}
      intro={m.admin_devotional_intro()}
    >
      <QueryState
        query={weeks}
        loading={m.admin_loading_weeks()}
        failed={m.admin_load_weeks_failed()}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted">{m.admin_no_weeks()}</p>}
      >
        {(list) => (
          <ul className="admin-list" aria-label={m.admin_weeks()}>
            {list.map((week) => (
              <AdminItem
                key={week.id}
                number={m.admin_week({ week: week.id })}
                badge
                title={week.title}
                meta={days(week.dayCount)}
              >
                <Link
                  className="button button-small"
                  to={paths.adminDevotionalWeek(week.id)}
                  aria-label={m.admin_days_of_week({ week: week.id })}
                >
                  {m.admin_days()}
                </Link>
                <ItemButtons
                  item={m.admin_week({ week: week.id })}
                  edit={m.admin_rename()}
                  onEdit={() => setEditing({ kind: 'rename', week })}
                  onDelete={() => removal.ask(week)}
                />
              </AdminItem>
            ))}
          </ul>
        )}
      </QueryState>

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'rename'
            ? m.admin_rename_week({ week: editing.week.id })
            : m.admin_add_week()
        }
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

      <ConfirmModal
        {...removal.confirmProps}
        title={m.admin_delete_week_title({ week: removal.item?.id ?? '' })}
      >
        <p>
          {m.admin_delete_week_text({
            title: removal.item?.title ?? '',
            days: days(removal.item?.dayCount ?? 0),
          })}
        </p>
      </ConfirmModal>
    </ContentPage>
  );
}
