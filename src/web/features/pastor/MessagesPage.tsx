import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { POLL_INTERVAL_MS, type Conversation, type PastorPeer } from '../../../shared/pastor.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { ConversationView } from './ConversationView.tsx';
import { markRead, pastorKeys, usePastorMe, usePastors } from './pastor.api.ts';
import { usePastorSocket, type SocketEvent } from './usePastorSocket.ts';
import { preview, shortTime, upsertMessage } from './messages.ts';
import './messages.css';

/**
 * /pastor/messages (spec §2 Messages): the other approved pastors with the last message and
 * the unread count, and the conversation with the one chosen (?with=<id>). New, edited and
 * deleted messages arrive over the socket; while it is down the page polls every 3 s.
 */
export function MessagesPage() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const peerId = searchParams.get('with');
  const me = usePastorMe(true);
  const myId = me.data?.id ?? '';

  const onEvent = useCallback(
    (event: SocketEvent) => {
      switch (event.type) {
        case 'message': {
          const { message } = event;
          const other = message.senderId === myId ? message.receiverId : message.senderId;
          queryClient.setQueryData<Conversation>(pastorKeys.conversation(other), (old) =>
            upsertMessage(old, message),
          );
          if (other === peerId && message.senderId === other && !document.hidden) {
            void markRead(other).catch(() => {});
          }
          void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
          break;
        }
        case 'hidden':
          for (const [key, data] of queryClient.getQueriesData<Conversation>({
            queryKey: ['pastor', 'conversation'],
          })) {
            if (!data) continue;
            queryClient.setQueryData<Conversation>(key, {
              ...data,
              messages: data.messages.filter((m) => m.id !== event.messageId),
            });
          }
          void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
          break;
        case 'chat-hidden':
          queryClient.setQueryData<Conversation>(pastorKeys.conversation(event.peerId), (old) =>
            old ? { ...old, messages: [] } : old,
          );
          void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
          break;
        case 'read':
          void queryClient.invalidateQueries({ queryKey: pastorKeys.pastors });
          break;
        case 'resync':
          void queryClient.invalidateQueries({ queryKey: ['pastor'] });
          break;
      }
    },
    [queryClient, myId, peerId],
  );
  const socket = usePastorSocket(onEvent);
  const pollMs = socket === 'open' ? false : POLL_INTERVAL_MS;
  const pastors = usePastors(pollMs);

  const choose = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('with', id);
    else next.delete('with');
    setSearchParams(next);
  };

  const loading = <PageLoading label={m.pastor_loading_messages()} />;
  // The pastor signed in is waited for too: it says which messages are theirs.
  if (me.isPending) return loading;
  return (
    <QueryState
      query={pastors}
      loading={loading}
      failed={m.pastor_load_pastors_failed()}
      failedHeading={m.pastor_messages()}
    >
      {(data) => {
        const list: PastorPeer[] = data.pastors;
        const peer = list.find((p) => p.id === peerId) ?? null;

        return (
          <section
            className={`page messages-page${peer ? ' has-conversation' : ''}`}
            aria-labelledby="messages-title"
            data-realtime={socket}
          >
            <div className="messages-heading">
              <BackLink to={paths.pastorAdminResources}>{m.pastor_admin_resources()}</BackLink>
              <h1 id="messages-title">{m.pastor_messages()}</h1>
              {socket === 'down' && (
                <p className="muted messages-offline" role="status">
                  {m.pastor_reconnecting()}
                </p>
              )}
            </div>
            <div className="messages-layout">
              <nav className="pastor-list" aria-label={m.pastor_pastors()}>
                {list.length === 0 ? (
                  <p className="muted">{m.pastor_no_pastors()}</p>
                ) : (
                  <ul>
                    {list.map((p) => (
                      <li key={p.id}>
                        <Link
                          className="pastor-list-item"
                          to={`${paths.pastorMessages}?with=${encodeURIComponent(p.id)}`}
                          aria-current={p.id === peerId ? 'page' : undefined}
                          onClick={(event) => {
                            event.preventDefault();
                            choose(p.id);
                          }}
                        >
                          <span className="pastor-list-top">
                            <span className="pastor-list-name">{p.fullName}</span>
                            {p.lastMessage && (
                              <span className="muted pastor-list-time">
                                {shortTime(p.lastMessage.createdAt)}
                              </span>
                            )}
                          </span>
                          <span className="muted pastor-list-email">{p.email}</span>
                          <span className="pastor-list-bottom">
                            <span className="pastor-list-preview">
                              {preview(p.lastMessage, myId)}
                            </span>
                            {p.unread > 0 && (
                              <span className="unread-badge">
                                {p.unread}
                                <span className="visually-hidden"> {m.pastor_unread()}</span>
                              </span>
                            )}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </nav>
              <div className="conversation-pane">
                {peer ? (
                  <ConversationView
                    key={peer.id}
                    peer={peer}
                    myId={myId}
                    pollMs={pollMs}
                    onBack={() => choose(null)}
                  />
                ) : (
                  <p className="muted conversation-empty">{m.pastor_choose_pastor()}</p>
                )}
              </div>
            </div>
          </section>
        );
      }}
    </QueryState>
  );
}
