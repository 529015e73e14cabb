import { useQueryClient } from '@tanstack/react-query';
import { m } from '../../../paraglide/messages.js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  DELETE_FOR_EVERYONE_WINDOW_MS,
  EDIT_WINDOW_MS,
  MESSAGE_MAX_CHARS,
  type ChatMessage,
  type Conversation,
  type PastorPeer,
} from '../../../shared/pastor.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toast } from '../../components/Toasts.tsx';
import { ApiError, messageOf } from '../../api.ts';
import { upsertMessage } from './messages.ts';
import { PaperclipIcon } from './PaperclipIcon.tsx';
import { MessageItem, type ShownMessage } from './MessageItem.tsx';
import {
  deleteChat,
  deleteMessage,
  editMessage,
  markRead,
  pastorKeys,
  sendFile,
  sendText,
  useConversation,
} from './pastor.api.ts';

interface Props {
  peer: PastorPeer;
  myId: string;
  pollMs: number | false;
  onBack: () => void;
}

/**
 * A message's id before it is saved (spec §4's temporary id). A UUID the server then keeps,
 * so the saved message (from the answer or the socket, whichever comes first) takes its place
 * on screen. `crypto.randomUUID` exists only on https or localhost; the bytes come from
 * `getRandomValues`, which is everywhere.
 */
function tempId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One conversation: the messages, their menus and the composer. */
export function ConversationView({ peer, myId, pollMs, onBack }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const conversation = useConversation(peer.id, pollMs);
  const key = pastorKeys.conversation(peer.id);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<ShownMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirmChat, setConfirmChat] = useState(false);
  const [deletingChat, setDeletingChat] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  /** Whether the member is at the newest message (then it stays in view as the box changes). */
  const atEnd = useRef(true);

  const saved = conversation.data?.messages ?? [];
  const savedIds = new Set(saved.map((m) => m.id));
  const shown: ShownMessage[] = [...saved, ...pending.filter((m) => !savedIds.has(m.id))];
  const lastId = shown.at(-1)?.id;

  // The newest message in view (the log scrolls, never the page); what the peer sent is then read.
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    atEnd.current = true;
  }, [lastId]);
  // A box that shrinks (the keyboard opens, the phone turns) keeps the newest message in view.
  const loaded = conversation.isSuccess;
  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => {
      atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    };
    const keep = new ResizeObserver(() => {
      if (atEnd.current) log.scrollTop = log.scrollHeight;
    });
    log.addEventListener('scroll', onScroll, { passive: true });
    keep.observe(log);
    return () => {
      log.removeEventListener('scroll', onScroll);
      keep.disconnect();
    };
  }, [loaded]);
  const hasFromPeer = saved.some((m) => m.senderId === peer.id);
  useEffect(() => {
    if (!hasFromPeer) return;
    void markRead(peer.id)
      .then((r) => {
        if (r.read > 0) void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
      })
      .catch(() => {});
  }, [hasFromPeer, lastId, peer.id, queryClient]);

  const keep = (message: ChatMessage) => {
    queryClient.setQueryData<Conversation>(key, (old) => upsertMessage(old, message));
    void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
  };

  // Spec §4: the message shows at once with a temporary id, then the saved one replaces it;
  // on failure the typed text comes back into the box.
  async function send(event?: FormEvent) {
    event?.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    if (typed.length > MESSAGE_MAX_CHARS) {
      setError(m.pastor_message_too_long({ max: MESSAGE_MAX_CHARS }));
      return;
    }
    const temp: ShownMessage = {
      id: tempId(),
      senderId: myId,
      receiverId: peer.id,
      text: typed,
      file: null,
      createdAt: new Date().toISOString(),
      edited: false,
      deleted: false,
      temp: true,
    };
    setError(null);
    setText('');
    setPending((list) => [...list, temp]);
    try {
      const { message } = await sendText(peer.id, typed, temp.id);
      keep(message);
    } catch (failure) {
      setText((current) => (current ? current : typed));
      // Too fast (decision 032): the server says how long to wait.
      setError(
        failure instanceof ApiError && failure.status === 429
          ? failure.message
          : m.shared_pastor_send_failed(),
      );
    } finally {
      setPending((list) => list.filter((m) => m.id !== temp.id));
    }
  }

  async function attach(file: File) {
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setError(
        `${m.shared_pastor_upload_failed()} ${m.pastor_file_too_large({ mb: ATTACHMENT_MAX_BYTES / (1024 * 1024) })}`,
      );
      return;
    }
    const temp: ShownMessage = {
      id: tempId(),
      senderId: myId,
      receiverId: peer.id,
      text: null,
      file: { name: file.name, url: '', type: file.type, size: file.size },
      createdAt: new Date().toISOString(),
      edited: false,
      deleted: false,
      temp: true,
    };
    setError(null);
    setPending((list) => [...list, temp]);
    try {
      const { message } = await sendFile(peer.id, file, temp.id);
      keep(message);
    } catch (failure) {
      const reason = messageOf(failure);
      setError(`${m.shared_pastor_upload_failed()} ${reason}`);
    } finally {
      setPending((list) => list.filter((m) => m.id !== temp.id));
    }
  }

  async function saveEdit(message: ShownMessage, next: string): Promise<boolean> {
    try {
      const { message: updated } = await editMessage(message.id, next);
      keep(updated);
      return true;
    } catch {
      toast.error(m.shared_pastor_edit_failed());
      return false;
    }
  }

  async function remove(message: ShownMessage, scope: 'everyone' | 'me') {
    try {
      const result = await deleteMessage(message.id, scope);
      if (result.message) keep(result.message);
      else {
        queryClient.setQueryData<Conversation>(key, (old) =>
          old ? { ...old, messages: old.messages.filter((m) => m.id !== message.id) } : old,
        );
        void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
      }
    } catch (failure) {
      toast.error(messageOf(failure));
    }
  }

  async function removeChat() {
    setDeletingChat(true);
    try {
      await deleteChat(peer.id);
      queryClient.setQueryData<Conversation>(key, (old) => (old ? { ...old, messages: [] } : old));
      void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
      setConfirmChat(false);
    } catch (failure) {
      toast.error(messageOf(failure));
    } finally {
      setDeletingChat(false);
    }
  }

  const now = Date.now();
  const age = (m: ShownMessage) => now - new Date(m.createdAt).getTime();

  return (
    <div className="conversation" aria-labelledby={`${id}-peer`}>
      <header className="conversation-header">
        <button
          type="button"
          className="button button-small button-secondary conversation-back"
          onClick={onBack}
        >
          <span aria-hidden="true">‹ </span>
          {m.pastor_all_pastors()}
        </button>
        <div className="conversation-peer">
          <h2 id={`${id}-peer`}>{peer.fullName}</h2>
          <p className="muted">{peer.email}</p>
        </div>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => setConfirmChat(true)}
        >
          {m.pastor_delete_chat()}
        </button>
      </header>

      <QueryState
        query={conversation}
        loading={m.pastor_loading_conversation()}
        failed={m.pastor_load_conversation_failed()}
      >
        {() => (
          // The log is the scrolling box; the list inside it keeps its list semantics.
          <div
            ref={logRef}
            className="message-list"
            role="log"
            aria-label={m.pastor_conversation_with({ name: peer.fullName })}
          >
            <ol className="message-items">
              {shown.length === 0 && (
                <li className="muted message-list-empty">{m.pastor_no_messages_yet()}</li>
              )}
              {shown.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  mine={message.senderId === myId}
                  peerName={peer.fullName}
                  canEdit={
                    message.senderId === myId &&
                    !message.file &&
                    !message.deleted &&
                    age(message) <= EDIT_WINDOW_MS
                  }
                  canDeleteForEveryone={
                    message.senderId === myId &&
                    !message.deleted &&
                    age(message) <= DELETE_FOR_EVERYONE_WINDOW_MS
                  }
                  onSaveEdit={saveEdit}
                  onDelete={remove}
                />
              ))}
            </ol>
          </div>
        )}
      </QueryState>

      <form className="composer" onSubmit={(event) => void send(event)} noValidate>
        {error && (
          <p className="form-alert composer-error" role="alert">
            {error}
          </p>
        )}
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {m.pastor_message_to({ name: peer.fullName })}
        </label>
        <div className="composer-row">
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void attach(file);
            }}
          />
          <label htmlFor={`${id}-file`} className="button button-secondary composer-attach">
            <PaperclipIcon />
            <span className="visually-hidden">{m.pastor_attach()}</span>
          </label>
          <textarea
            id={`${id}-text`}
            className="composer-text"
            rows={1}
            value={text}
            placeholder={m.pastor_message_placeholder()}
            maxLength={MESSAGE_MAX_CHARS}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void send();
              }
            }}
          />
          <button type="submit" className="button composer-send">
            {m.pastor_send()}
          </button>
        </div>
      </form>

      <ConfirmModal
        open={confirmChat}
        title={m.pastor_delete_chat_title()}
        confirmLabel={m.pastor_delete_chat()}
        busy={deletingChat}
        busyLabel={m.pastor_deleting()}
        onConfirm={() => void removeChat()}
        onCancel={() => setConfirmChat(false)}
      >
        <p>{m.pastor_delete_chat_text({ name: peer.fullName })}</p>
      </ConfirmModal>
    </div>
  );
}
