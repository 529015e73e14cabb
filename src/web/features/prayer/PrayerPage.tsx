import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { checkAnswerNote, PRAYER_NOTE_MAX, type PrayerRequest } from '../../../shared/prayer.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import {
  deletePrayer,
  markAnswered,
  markPrayed,
  prayerKeys,
  reportPrayer,
  usePrayerWall,
} from './prayer.api.ts';
import { formatDate } from '../../../shared/format.ts';
import { audience, authorLine } from './prayer-format.ts';
import './prayer.css';
import { Share } from './ShareForm.tsx';

// The moderation tab is downloaded by moderators only, when they open it.
const ModerationQueue = lazy(async () => ({
  default: (await import('./PrayerModeration.tsx')).ModerationQueue,
}));

type View = 'wall' | 'moderation';

/**
 * /prayer (decision 036): members share requests (held until a moderator approves them, but
 * for pastors only), tap 'I prayed', mark their own answered or delete them, and report
 * others'. Admins and pastors also get the moderation tab (`?view=moderation`).
 */
export function PrayerPage() {
  const id = useId();
  const wall = usePrayerWall();
  const canModerate = wall.data?.canModerate ?? false;
  const [params, setParams] = useSearchParams();
  const view: View = canModerate && params.get('view') === 'moderation' ? 'moderation' : 'wall';
  const tabRefs = useRef<Record<View, HTMLButtonElement | null>>({ wall: null, moderation: null });

  const switchTo = (next: View, focus = false) => {
    setParams(next === 'moderation' ? { view: 'moderation' } : {}, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 'wall'
        : event.key === 'End'
          ? 'moderation'
          : view === 'wall'
            ? 'moderation'
            : 'wall';
    switchTo(next, true);
  };

  const tabs: { view: View; label: string }[] = [
    { view: 'wall', label: m.prayer_tab_wall() },
    { view: 'moderation', label: m.prayer_tab_moderation() },
  ];

  return (
    <section className="page narrow-page prayer-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.memberHome}>{m.prayer_home()}</BackLink>
      <h1 id={`${id}-title`}>{m.prayer_title()}</h1>
      {canModerate && (
        <div className="segmented" role="tablist" aria-label={m.prayer_tabs_label()}>
          {tabs.map((tab) => (
            <button
              key={tab.view}
              ref={(element) => {
                tabRefs.current[tab.view] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.view}`}
              aria-selected={view === tab.view}
              aria-controls={`${id}-panel`}
              tabIndex={view === tab.view ? 0 : -1}
              className="segmented-option"
              onClick={() => switchTo(tab.view)}
              onKeyDown={onTabKey}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <div
        id={`${id}-panel`}
        {...(canModerate ? { role: 'tabpanel', 'aria-labelledby': `${id}-tab-${view}` } : {})}
      >
        {view === 'moderation' ? (
          <Suspense fallback={<Spinner label={m.prayer_loading_queue()} />}>
            <ModerationQueue />
          </Suspense>
        ) : (
          <Wall wall={wall} />
        )}
      </div>
    </section>
  );
}

function Wall({ wall }: { wall: ReturnType<typeof usePrayerWall> }) {
  let list;
  if (wall.error instanceof ApiError && wall.error.status === 401)
    // A guest: the browser's guest flag opens the screen, the server answers members only.
    list = (
      <div className="card">
        <p>{m.prayer_needs_account()}</p>
        <Link className="button" to={paths.auth}>
          {m.prayer_log_in_sign_up()}
        </Link>
      </div>
    );
  else
    list = (
      <QueryState
        query={wall}
        loading={m.prayer_loading()}
        failed={m.prayer_load_failed()}
        isEmpty={(data) => data.requests.length === 0}
        empty={m.shared_prayer_empty()}
      >
        {(data) => (
          <ul className="prayer-list" aria-label={m.prayer_requests_label()}>
            {data.requests.map((request) => (
              <PrayerItem key={request.id} request={request} />
            ))}
          </ul>
        )}
      </QueryState>
    );
  return (
    <>
      {!wall.isError && <Share />}
      <h2 className="prayer-heading">{m.prayer_requests()}</h2>
      <div aria-live="polite">{list}</div>
    </>
  );
}

function PrayerItem({ request }: { request: PrayerRequest }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<null | 'delete' | 'report' | 'answer'>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const firstRef = useRef<HTMLButtonElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (asking) firstRef.current?.focus();
  }, [asking]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: prayerKeys.wall });
  const run = async (work: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
      toast.success(done);
      setAsking(null);
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const saveAnswer = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAnswerNote(note);
    setNoteError(problem);
    if (problem) {
      firstRef.current?.focus();
      return;
    }
    await run(() => markAnswered(request.id, note), m.prayer_answered_toast());
  };

  const approved = request.status === 'approved';
  const count = m.prayer_prayed_count({ count: request.prayedCount });
  return (
    <li className="card prayer-item" aria-labelledby={`${id}-who`}>
      <p className="prayer-meta">
        <strong id={`${id}-who`}>{authorLine(request, request.mine)}</strong>
        <span className="muted">
          {formatDate(request.createdAt, 'device')} · {audience(request.visibility)}
        </span>
      </p>
      {request.status === 'pending' && <p className="prayer-status">{m.prayer_pending()}</p>}
      {request.status === 'rejected' && (
        <p className="prayer-status prayer-status-rejected">
          {m.prayer_rejected()}
          {request.rejectionReason && (
            <>
              <br />
              {m.prayer_rejected_why({ reason: request.rejectionReason })}
            </>
          )}
        </p>
      )}
      <p className="prayer-text">{request.text}</p>
      {request.answeredAt && (
        <div className="prayer-answer">
          <p>
            <strong>{m.prayer_answered()}</strong>{' '}
            <span className="muted">{formatDate(request.answeredAt, 'device')}</span>
          </p>
          {request.answerNote && <p>{request.answerNote}</p>}
        </div>
      )}
      <div className="prayer-actions">
        {approved && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-pressed={request.prayed}
            aria-describedby={`${id}-who`}
            aria-disabled={busy || request.prayed || undefined}
            onClick={() =>
              request.prayed
                ? undefined
                : void run(() => markPrayed(request.id), m.prayer_thanks_praying())
            }
          >
            {request.prayed ? m.prayer_you_prayed() : m.prayer_i_prayed()}
          </button>
        )}
        {(approved || request.prayedCount > 0) && <span className="muted">{count}</span>}
        {request.mine && !request.answeredAt && asking === null && (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-describedby={`${id}-who`}
            onClick={() => setAsking('answer')}
          >
            {m.prayer_mark_answered()}
          </button>
        )}
        {request.mine && asking === null && (
          <button
            type="button"
            className="button button-secondary button-small button-danger"
            aria-describedby={`${id}-who`}
            onClick={() => setAsking('delete')}
          >
            {m.prayer_delete()}
          </button>
        )}
        {!request.mine && approved && asking === null && (
          <button
            type="button"
            className="button button-secondary button-small prayer-report"
            aria-describedby={`${id}-who`}
            onClick={() => setAsking('report')}
          >
            {m.prayer_report()}
          </button>
        )}
      </div>
      {asking === 'answer' && (
        <form
          className="prayer-confirm"
          aria-label={m.prayer_mark_answered()}
          onSubmit={saveAnswer}
          noValidate
        >
          <FieldBox id={`${id}-note`} label={m.prayer_how_answered()} error={noteError}>
            {(w) => (
              <textarea
                ref={firstRef}
                {...w}
                rows={2}
                maxLength={PRAYER_NOTE_MAX + 50}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FieldBox>
          <div className="prayer-actions">
            <button type="submit" className="button button-small" aria-disabled={busy || undefined}>
              {busy ? m.common_saving() : m.prayer_save_answer()}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setAsking(null)}
            >
              {m.prayer_cancel()}
            </button>
          </div>
        </form>
      )}
      {(asking === 'delete' || asking === 'report') && (
        <div className="prayer-confirm" role="group" aria-labelledby={`${id}-ask`}>
          <p id={`${id}-ask`}>
            {asking === 'delete' ? m.prayer_delete_ask() : m.prayer_report_ask()}
          </p>
          <div className="prayer-actions">
            <button
              type="button"
              className="button button-small button-danger"
              aria-disabled={busy || undefined}
              onClick={() =>
                void (asking === 'delete'
                  ? run(() => deletePrayer(request.id), m.prayer_deleted())
                  : run(() => reportPrayer(request.id), m.prayer_reported()))
              }
            >
              {asking === 'delete' ? m.prayer_yes_delete() : m.prayer_yes_report()}
            </button>
            <button
              ref={firstRef}
              type="button"
              className="button button-secondary button-small"
              onClick={() => setAsking(null)}
            >
              {m.prayer_cancel()}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
