import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import {
  ANONYMOUS_NAME,
  checkAnswerNote,
  checkPrayerForm,
  PRAYER_MESSAGES,
  PRAYER_NOTE_MAX,
  PRAYER_TEXT_MAX,
  PRAYER_VISIBILITIES,
  type HeldPrayer,
  type PrayerRequest,
  type PrayerVisibility,
} from '../../../shared/prayer.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { Choice } from '../../components/Choice.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../church/useChurch.ts';
import {
  createPrayer,
  decidePrayer,
  deletePrayer,
  markAnswered,
  markPrayed,
  prayerKeys,
  reportPrayer,
  usePrayerQueue,
  usePrayerWall,
} from './prayer.api.ts';
import './prayer.css';

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GH', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );

const audience = (visibility: PrayerVisibility) =>
  ({
    church: m.prayer_audience_church(),
    assembly: m.prayer_audience_assembly(),
    pastors: m.prayer_audience_pastors(),
  })[visibility];

/** The share form's choices, in the member's own words. */
const visibilityLabel = (visibility: PrayerVisibility) =>
  ({
    church: m.prayer_visibility_church(),
    assembly: m.prayer_visibility_assembly(),
    pastors: m.prayer_audience_pastors(),
  })[visibility];

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
        {view === 'moderation' ? <ModerationQueue /> : <Wall wall={wall} />}
      </div>
    </section>
  );
}

function Wall({ wall }: { wall: ReturnType<typeof usePrayerWall> }) {
  let list;
  if (wall.isPending) list = <Spinner label={m.prayer_loading()} />;
  else if (wall.error instanceof ApiError && wall.error.status === 401)
    // A guest: the browser's guest flag opens the screen, the server answers members only.
    list = (
      <div className="card">
        <p>{m.prayer_needs_account()}</p>
        <Link className="button" to={paths.auth}>
          {m.prayer_log_in_sign_up()}
        </Link>
      </div>
    );
  else if (wall.isError)
    list = (
      <LoadFailed
        message={m.prayer_load_failed()}
        reason={wall.error.message}
        onRetry={() => void wall.refetch()}
      />
    );
  else if (wall.data.requests.length === 0)
    list = <p className="card muted">{PRAYER_MESSAGES.empty}</p>;
  else
    list = (
      <ul className="prayer-list" aria-label={m.prayer_requests_label()}>
        {wall.data.requests.map((request) => (
          <PrayerItem key={request.id} request={request} />
        ))}
      </ul>
    );
  return (
    <>
      {!wall.isError && <Share />}
      <h2 className="prayer-heading">{m.prayer_requests()}</h2>
      <div aria-live="polite">{list}</div>
    </>
  );
}

/** 'Share a prayer request': a button that opens the form, so the wall comes first. */
function Share() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  return open ? (
    <ShareForm
      onClose={() => {
        setOpen(false);
        requestAnimationFrame(() => openerRef.current?.focus());
      }}
    />
  ) : (
    <button
      ref={openerRef}
      type="button"
      id={`${id}-open`}
      className="button button-block"
      aria-expanded="false"
      onClick={() => setOpen(true)}
    >
      {m.prayer_share()}
    </button>
  );
}

function ShareForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<string>('church');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkPrayerForm({ text, visibility, anonymous });
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`${id}-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = await createPrayer({ text, visibility, anonymous });
      toast.success(
        made.status === 'pending' ? PRAYER_MESSAGES.held : PRAYER_MESSAGES.sharedWithPastors,
      );
      await queryClient.invalidateQueries({ queryKey: prayerKeys.wall });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);

  const left = PRAYER_TEXT_MAX - text.trim().length;
  return (
    <form
      className="form card prayer-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="prayer-form-title">
        {m.prayer_share()}
      </h2>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-text`}>{m.prayer_your_request()}</label>
        <textarea
          ref={textRef}
          id={`${id}-text`}
          rows={3}
          value={text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy(`${id}-count`, errors.text && `${id}-text-error`)}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-count`} className={left < 0 ? 'field-hint field-error' : 'field-hint muted'}>
          {left >= 0 ? m.prayer_chars_left({ count: left }) : m.prayer_chars_over({ count: -left })}
        </p>
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
      <fieldset
        className="choice-field"
        id={`${id}-visibility`}
        tabIndex={-1}
        aria-describedby={describedBy(`${id}-who-hint`, errors.visibility && `${id}-who-error`)}
      >
        <legend>{m.prayer_who_may_see()}</legend>
        <div className="choice-list">
          {PRAYER_VISIBILITIES.map((value) => (
            <Choice
              key={value}
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
              label={visibilityLabel(value)}
            />
          ))}
        </div>
        <p id={`${id}-who-hint`} className="field-hint muted">
          {visibility === 'pastors' ? m.prayer_pastors_see() : m.prayer_shows_after()}
        </p>
        <FieldError id={`${id}-who-error`} message={errors.visibility} />
      </fieldset>
      <Choice
        type="checkbox"
        className="prayer-anonymous"
        checked={anonymous}
        onChange={(e) => setAnonymous(e.target.checked)}
        label={m.prayer_hide_name()}
      />
      <div className="prayer-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? m.prayer_sharing() : m.prayer_share_request()}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {m.prayer_cancel()}
        </button>
      </div>
    </form>
  );
}

/** The author's line: 'A member' for others' anonymous requests, the name otherwise. */
function authorLine(request: { author: string; anonymous: boolean }, mine = false) {
  const name = mine ? m.prayer_you() : request.author;
  return request.anonymous && (mine || request.author !== ANONYMOUS_NAME)
    ? m.prayer_name_hidden({ name })
    : name;
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
          {dateOf(request.createdAt)} · {audience(request.visibility)}
        </span>
      </p>
      {request.status === 'pending' && <p className="prayer-status">{m.prayer_pending()}</p>}
      {request.status === 'rejected' && (
        <p className="prayer-status prayer-status-rejected">{m.prayer_rejected()}</p>
      )}
      <p className="prayer-text">{request.text}</p>
      {request.answeredAt && (
        <div className="prayer-answer">
          <p>
            <strong>{m.prayer_answered()}</strong>{' '}
            <span className="muted">{dateOf(request.answeredAt)}</span>
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
          <div className="field">
            <label htmlFor={`${id}-note`}>{m.prayer_how_answered()}</label>
            <textarea
              ref={firstRef}
              id={`${id}-note`}
              rows={2}
              maxLength={PRAYER_NOTE_MAX + 50}
              value={note}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={describedBy(noteError && `${id}-note-error`)}
              onChange={(e) => setNote(e.target.value)}
            />
            <FieldError id={`${id}-note-error`} message={noteError ?? undefined} />
          </div>
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

function ModerationQueue() {
  const queue = usePrayerQueue(true);
  if (queue.isPending) return <Spinner label={m.prayer_loading_queue()} />;
  if (queue.isError)
    return (
      <LoadFailed
        message={m.prayer_queue_failed()}
        reason={queue.error.message}
        onRetry={() => void queue.refetch()}
      />
    );
  return (
    <>
      <p className="muted">{m.prayer_queue_intro()}</p>
      <div aria-live="polite">
        {queue.data.held.length === 0 ? (
          <p className="card muted">{PRAYER_MESSAGES.emptyQueue}</p>
        ) : (
          <ul className="prayer-list" aria-label={m.prayer_queue_label()}>
            {queue.data.held.map((held) => (
              <HeldItem key={held.id} held={held} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function HeldItem({ held }: { held: HeldPrayer }) {
  const id = useId();
  const queryClient = useQueryClient();
  const church = useChurch();
  const [busy, setBusy] = useState(false);
  const assembly =
    church.data?.assemblies.find((a) => a.slug === held.assembly)?.label ?? held.assembly;

  const decide = async (status: 'approved' | 'rejected') => {
    if (busy) return;
    setBusy(true);
    try {
      await decidePrayer(held.id, status);
      toast.success(status === 'approved' ? m.prayer_approved_toast() : m.prayer_rejected_toast());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: prayerKeys.moderation }),
        queryClient.invalidateQueries({ queryKey: prayerKeys.wall }),
      ]);
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <li className="card prayer-item" aria-labelledby={`${id}-who`}>
      <p className="prayer-meta">
        <strong id={`${id}-who`}>{authorLine(held)}</strong>
        <span className="muted">
          {dateOf(held.createdAt)} · {audience(held.visibility)}
          {assembly ? ` · ${assembly}` : ''}
        </span>
      </p>
      {held.reports > 0 && (
        <p className="prayer-status prayer-status-rejected">
          {m.prayer_reported_by({ count: held.reports })}
        </p>
      )}
      <p className="prayer-text">{held.text}</p>
      <div className="prayer-actions">
        <button
          type="button"
          className="button button-small"
          aria-describedby={`${id}-who`}
          aria-disabled={busy || undefined}
          onClick={() => void decide('approved')}
        >
          {m.prayer_approve()}
        </button>
        <button
          type="button"
          className="button button-secondary button-small button-danger"
          aria-describedby={`${id}-who`}
          aria-disabled={busy || undefined}
          onClick={() => void decide('rejected')}
        >
          {m.prayer_reject()}
        </button>
      </div>
    </li>
  );
}
