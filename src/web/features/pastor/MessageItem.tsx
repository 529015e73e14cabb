import { useEffect, useId, useRef, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import { MESSAGE_MAX_CHARS, type ChatMessage } from '../../../shared/pastor.ts';
import { shortTime } from './messages.ts';
import { PaperclipIcon } from './PaperclipIcon.tsx';

/** A saved message, or one still on its way (a temporary id). */
export type ShownMessage = ChatMessage & { temp?: boolean };

interface Props {
  message: ShownMessage;
  mine: boolean;
  peerName: string;
  canEdit: boolean;
  canDeleteForEveryone: boolean;
  onSaveEdit: (message: ShownMessage, text: string) => Promise<boolean>;
  onDelete: (message: ShownMessage, scope: 'everyone' | 'me') => Promise<void>;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function MessageItem({
  message,
  mine,
  peerName,
  canEdit,
  canDeleteForEveryone,
  onSaveEdit,
  onDelete,
}: Props) {
  const id = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing !== null) editRef.current?.focus();
  }, [editing !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- focus once, on opening

  useEffect(() => {
    if (!menuOpen) return;
    // The first choice takes the focus, so the keyboard goes on from there.
    menuRef.current?.querySelector<HTMLButtonElement>('.message-menu-list button')?.focus();
    const close = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [menuOpen]);

  const startEdit = () => {
    setMenuOpen(false);
    // Spec §5: a message not yet saved (temporary id) cannot be edited.
    if (message.temp) {
      window.alert(m.shared_pastor_not_saved_yet());
      return;
    }
    setEditing(message.text ?? '');
  };

  const finishEdit = async () => {
    const next = (editing ?? '').trim();
    // Spec §5: empty or unchanged text closes without saving.
    if (!next || next === message.text) {
      setEditing(null);
      return;
    }
    setSaving(true);
    const ok = await onSaveEdit(message, next);
    setSaving(false);
    if (ok) setEditing(null);
  };

  const who = mine ? m.pastor_you() : peerName;
  const canAct = !message.deleted;

  return (
    <li
      className={`message ${mine ? 'message-mine' : 'message-theirs'}${message.temp ? ' message-sending' : ''}`}
    >
      <div className="message-bubble">
        <span className="visually-hidden">{who}: </span>
        {message.deleted ? (
          <p className="message-deleted">{m.shared_pastor_deleted()}</p>
        ) : editing !== null ? (
          <form
            className="message-edit"
            onSubmit={(event) => {
              event.preventDefault();
              void finishEdit();
            }}
          >
            <label htmlFor={`${id}-edit`} className="visually-hidden">
              {m.pastor_edit_message()}
            </label>
            <textarea
              ref={editRef}
              id={`${id}-edit`}
              value={editing}
              rows={2}
              maxLength={MESSAGE_MAX_CHARS}
              onChange={(event) => setEditing(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(null);
              }}
            />
            <div className="button-row">
              <button type="submit" className="button button-small" disabled={saving}>
                {saving ? m.common_saving() : m.pastor_save()}
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => setEditing(null)}
              >
                {m.pastor_cancel()}
              </button>
            </div>
          </form>
        ) : message.file ? (
          message.temp ? (
            <p className="message-file">
              <PaperclipIcon /> {message.file.name}{' '}
              <span className="muted">{m.pastor_file_sending()}</span>
            </p>
          ) : (
            <p className="message-file">
              <a href={message.file.url} download={message.file.name}>
                <PaperclipIcon /> {message.file.name}
              </a>{' '}
              <span className="muted">({sizeOf(message.file.size)})</span>
            </p>
          )
        ) : (
          <p className="message-text">{message.text}</p>
        )}
        <p className="message-meta">
          <time dateTime={message.createdAt}>{shortTime(message.createdAt)}</time>
          {message.edited && !message.deleted && <span> · {m.pastor_edited()}</span>}
          {message.temp && <span> · {m.pastor_sending()}</span>}
        </p>
      </div>
      {canAct && editing === null && (
        <div
          className="message-menu"
          ref={menuRef}
          onKeyDown={(event) => {
            // Escape closes the menu and gives the focus back to its button.
            if (event.key === 'Escape' && menuOpen) {
              event.stopPropagation();
              setMenuOpen(false);
              menuButtonRef.current?.focus();
            }
          }}
        >
          <button
            ref={menuButtonRef}
            type="button"
            className="message-menu-button"
            aria-expanded={menuOpen}
            aria-controls={`${id}-menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">⋮</span>
            <span className="visually-hidden">{m.pastor_message_options()}</span>
          </button>
          {menuOpen && (
            <ul className="message-menu-list" id={`${id}-menu`}>
              {mine && !message.file && (canEdit || message.temp) && (
                <li>
                  <button type="button" onClick={startEdit}>
                    {m.pastor_edit()}
                  </button>
                </li>
              )}
              {!message.temp && canDeleteForEveryone && (
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      setMenuOpen(false);
                      void onDelete(message, 'everyone');
                    }}
                  >
                    {m.pastor_delete_everyone()}
                  </button>
                </li>
              )}
              {!message.temp && (
                <li>
                  <button
                    type="button"
                    onClick={() => {
                      setMenuOpen(false);
                      void onDelete(message, 'me');
                    }}
                  >
                    {m.pastor_delete_me()}
                  </button>
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
