import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '../../components/Toasts.tsx';
import type { Sermon } from '../../../shared/sermons.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
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
} from '../sermons/sermons.api.ts';
import { MoveButtons, useMoves } from './MoveButtons.tsx';
import { SermonForm } from './SermonForm.tsx';
import { AdminItem, ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'edit'; sermon: Sermon } | null;

/** /admin/sermons: add, edit, reorder and remove sermons (issue 4, beyond the spec). */
export function AdminSermonsPage() {
  const id = useId();
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
      toast.success('Sermon saved.');
    } else {
      const created = await createSermon(values);
      toast.success(`“${created.title}” added.`);
    }
    setEditing(null);
    await refreshSermons(queryClient);
  };

  const removal = useRemoval(
    async (sermon: Sermon) => {
      await deleteSermon(sermon.id);
      return `“${sermon.title}” deleted.`;
    },
    () => refreshSermons(queryClient),
  );

  let body;
  if (sermons.isPending) {
    body = <Spinner label="Loading sermons..." />;
  } else if (sermons.isError) {
    body = (
      <LoadFailed
        message="We could not load the sermons."
        reason={sermons.error.message}
        onRetry={() => void sermons.refetch()}
      />
    );
  } else if (sermons.data.length === 0) {
    body = <p className="muted">No sermons yet. Add the first one.</p>;
  } else {
    const list = sermons.data;
    body = (
      <ol className="admin-list" aria-label="Sermons in the order members see them">
        {list.map((sermon, index) => (
          <AdminItem
            key={sermon.id}
            number={index + 1}
            title={sermon.title}
            meta={`Video ${sermon.videoId}`}
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
    );
  }

  return (
    <section className="page admin-content-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin Dashboard</BackLink>
      <div className="admin-title-row">
        <h1 id={`${id}-title`}>Sermons</h1>
        <button
          type="button"
          className="button button-small"
          onClick={() => setEditing({ kind: 'add' })}
        >
          Add sermon
        </button>
      </div>
      <p className="muted admin-intro">
        Members see changes at once. Use the arrows to change the order of the list.
      </p>
      {body}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? 'Edit sermon' : 'Add sermon'}
      >
        {editing && (
          <SermonForm
            sermon={editing.kind === 'edit' ? editing.sermon : undefined}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal {...removal.confirmProps} title="Delete this sermon?">
        <p>“{removal.item?.title}” will be removed for everyone. This cannot be undone.</p>
      </ConfirmModal>
    </section>
  );
}
