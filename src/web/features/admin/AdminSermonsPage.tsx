import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../components/Toasts.tsx';
import type { Sermon } from '../../../shared/sermons.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { messageOf } from '../../api.ts';
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
import { MoveButtons, type Direction } from './MoveButtons.tsx';
import { SermonForm } from './SermonForm.tsx';
import { ItemButtons, useRemoval } from './content-editing.tsx';
import './admin.css';

type Editing = { kind: 'add' } | { kind: 'edit'; sermon: Sermon } | null;

/** /admin/sermons: add, edit, reorder and remove sermons (issue 4, beyond the spec). */
export function AdminSermonsPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const sermons = useSermons();
  const [editing, setEditing] = useState<Editing>(null);
  // The move button to focus again once the list is in its new order.
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const reordersInFlight = useRef(0);

  useEffect(() => {
    if (!refocus) return;
    moveButtons.current.get(`${refocus.id}:${refocus.direction}`)?.focus();
    setRefocus(null);
  }, [refocus]);

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

  // The list moves at once; the server gets the whole new order. When several moves are on
  // their way, the list is asked for again only after the last one.
  const move = async (sermon: Sermon, direction: Direction) => {
    await queryClient.cancelQueries({ queryKey: sermonsQueryKey, exact: true });
    const list = queryClient.getQueryData<Sermon[]>(sermonsQueryKey) ?? [];
    const index = list.findIndex((s) => s.id === sermon.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    if (index < 0 || target < 0 || target >= list.length) return;
    const next = [...list];
    [next[index], next[target]] = [next[target]!, next[index]!];
    queryClient.setQueryData<Sermon[]>(sermonsQueryKey, next);
    setRefocus({ id: sermon.id, direction });
    reordersInFlight.current += 1;
    try {
      await reorderSermons(next.map((s) => s.id));
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      reordersInFlight.current -= 1;
      if (reordersInFlight.current === 0) await refreshSermons(queryClient);
    }
  };

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
          <li key={sermon.id} className="admin-item">
            <span className="admin-item-number" aria-hidden="true">
              {index + 1}
            </span>
            <div className="admin-item-text">
              <span className="admin-item-title">{sermon.title}</span>
              <span className="admin-item-meta">Video {sermon.videoId}</span>
            </div>
            <div className="admin-item-actions">
              <MoveButtons
                name={sermon.title}
                first={index === 0}
                last={index === list.length - 1}
                buttonRef={(direction, element) => {
                  const key = `${sermon.id}:${direction}`;
                  if (element) moveButtons.current.set(key, element);
                  else moveButtons.current.delete(key);
                }}
                onMove={(direction) => void move(sermon, direction)}
              />
              <ItemButtons
                item={sermon.title}
                onEdit={() => setEditing({ kind: 'edit', sermon })}
                onDelete={() => removal.ask(sermon)}
              />
            </div>
          </li>
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
