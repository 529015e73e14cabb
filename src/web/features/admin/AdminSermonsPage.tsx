import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import { toast } from '../../components/Toasts.tsx';
import type { Sermon } from '../../../shared/sermons.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Modal } from '../../components/Modal.tsx';
import { paths } from '../../paths.ts';
import {
  createSermon,
  deleteSermon,
  refreshSermons,
  reorderSermons,
  sermonsQueryKey,
  updateSermon,
  useSermons,
  type SermonValues,
} from '../sermons/index.ts';
import { MoveButtons, useMoves } from './MoveButtons.tsx';
import { SermonForm } from './SermonForm.tsx';
import { AdminItem, ContentPage, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'edit'; sermon: Sermon } | null;

/** /admin/sermons: add, edit, reorder and remove sermons (issue 4, beyond the spec). */
export function AdminSermonsPage() {
  const queryClient = useQueryClient();
  const sermons = useSermons();
  const [editing, setEditing] = useState<Editing>(null);
  const moves = useMoves<Sermon>(
    () => queryClient.cancelQueries({ queryKey: sermonsQueryKey, exact: true }),
    () => refreshSermons(queryClient),
  );

  const save = async (values: SermonValues) => {
    if (editing?.kind === 'edit') {
      await updateSermon(editing.sermon.id, values);
      toast.success(m.admin_sermon_saved());
    } else {
      const created = await createSermon(values);
      toast.success(m.admin_sermon_added({ title: created.title }));
    }
    setEditing(null);
    await refreshSermons(queryClient);
  };

  const removal = useRemoval(
    async (sermon: Sermon) => {
      await deleteSermon(sermon.id);
      return m.admin_sermon_deleted({ title: sermon.title });
    },
    () => refreshSermons(queryClient),
  );

  return (
    <ContentPage
      back={paths.admin}
      backLabel={m.admin_dashboard()}
      title={m.admin_sermons_title()}
      add={{ label: m.admin_add_sermon(), onClick: () => setEditing({ kind: 'add' }) }}
      intro={m.admin_sermons_intro()}
    >
      <QueryState
        query={sermons}
        loading={m.admin_loading_sermons()}
        failed={m.admin_load_sermons_failed()}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted">{m.admin_no_sermons()}</p>}
      >
        {(list) => (
          <ol className="admin-list" aria-label={m.admin_sermons_order()}>
            {list.map((sermon, index) => (
              <AdminItem
                key={sermon.id}
                number={index + 1}
                title={sermon.title}
                meta={m.admin_sermon_video({ id: sermon.videoId })}
              >
                <MoveButtons
                  name={sermon.title}
                  first={index === 0}
                  last={index === list.length - 1}
                  buttonRef={moves.buttonRef(sermon)}
                  onMove={(direction) =>
                    void moves.move(sermon, direction, {
                      current: () => queryClient.getQueryData<Sermon[]>(sermonsQueryKey) ?? [],
                      show: (next) => queryClient.setQueryData<Sermon[]>(sermonsQueryKey, next),
                      save: reorderSermons,
                    })
                  }
                />
                <ItemButtons
                  item={sermon.title}
                  onEdit={() => setEditing({ kind: 'edit', sermon })}
                  onDelete={() => removal.ask(sermon)}
                />
              </AdminItem>
            ))}
          </ol>
        )}
      </QueryState>

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? m.admin_edit_sermon() : m.admin_add_sermon()}
      >
        {editing && (
          <SermonForm
            sermon={editing.kind === 'edit' ? editing.sermon : undefined}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal {...removal.confirmProps} title={m.admin_delete_sermon_title()}>
        <p>{m.admin_delete_item_text({ title: removal.item?.title ?? '' })}</p>
      </ConfirmModal>
    </ContentPage>
  );
}
