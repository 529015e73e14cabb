import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import {
  checkPrayerRejection,
  type HeldPrayer,
  type RejectedPrayer,
} from '../../../shared/prayer.ts';
import { messageOf } from '../../api.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { RejectModal } from '../../components/RejectModal.tsx';
import { toast } from '../../components/Toasts.tsx';
import { useChurch } from '../../core/useChurch.ts';
import { decidePrayer, prayerKeys, restorePrayer, usePrayerQueue } from './prayer.api.ts';
import { formatDate } from '../../../shared/format.ts';
import { audience, authorLine } from './prayer-format.ts';

// The moderation tab (decision 036), downloaded by moderators only: the held requests, each
// approved at a tap or rejected with a reason after a confirmation, and the recent
// rejections, each of which can be undone (issue 48, decision 056).

function useRefreshQueue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: prayerKeys.moderation }),
      queryClient.invalidateQueries({ queryKey: prayerKeys.wall }),
    ]);
}

export function ModerationQueue() {
  const id = useId();
  const queue = usePrayerQueue(true);
  const rejectedRef = useRef<HTMLHeadingElement>(null);
  // A rejected request moves down to the rejections: the focus goes with it, to undo it.
  const onRejected = () => requestAnimationFrame(() => rejectedRef.current?.focus());
  return (
    <QueryState query={queue} loading={m.prayer_loading_queue()} failed={m.prayer_queue_failed()}>
      {(data) => (
        <>
          <p className="muted">{m.prayer_queue_intro()}</p>
          <div aria-live="polite">
            {data.held.length === 0 ? (
              <p className="card muted">{m.shared_prayer_empty_queue()}</p>
            ) : (
              <ul className="prayer-list" aria-label={m.prayer_queue_label()}>
                {data.held.map((held) => (
                  <HeldItem key={held.id} held={held} onRejected={onRejected} />
                ))}
              </ul>
            )}
          </div>
          <h2 id={`${id}-rejected`} ref={rejectedRef} className="prayer-heading" tabIndex={-1}>
            {m.prayer_rejected_heading()}
          </h2>
          <div aria-live="polite">
            {data.rejected.length === 0 ? (
              <p className="card muted">{m.prayer_rejected_none()}</p>
            ) : (
              <ul className="prayer-list" aria-label={m.prayer_rejected_label()}>
                {data.rejected.map((rejected) => (
                  <RejectedItem key={rejected.id} rejected={rejected} />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </QueryState>
  );
}

/** Who wrote it, when, for whom and in which assembly, and its text. */
function RequestHeader({ request, whoId }: { request: HeldPrayer; whoId: string }) {
  const church = useChurch();
  const assembly =
    church.data?.assemblies.find((a) => a.slug === request.assembly)?.label ?? request.assembly;
  return (
    <>
      <p className="prayer-meta">
        <strong id={whoId}>{authorLine(request)}</strong>
        <span className="muted">
          {formatDate(request.createdAt, 'device')} · {audience(request.visibility)}
          {assembly ? ` · ${assembly}` : ''}
        </span>
      </p>
      {request.reports > 0 && (
        <p className="prayer-status prayer-status-rejected">
          {m.prayer_reported_by({ count: request.reports })}
        </p>
      )}
    </>
  );
}

function HeldItem({ held, onRejected }: { held: HeldPrayer; onRejected: () => void }) {
  const id = useId();
  const refresh = useRefreshQueue();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const approve = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await decidePrayer(held.id, { status: 'approved' });
      toast.success(m.prayer_approved_toast());
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(false);
    }
  };

  const reject = async (reason: string) => {
    try {
      await decidePrayer(held.id, { status: 'rejected', reason });
    } catch (error) {
      toast.error(messageOf(error));
      return false;
    }
    toast.success(m.prayer_rejected_toast());
    setRejecting(false);
    await refresh();
    onRejected();
    return true;
  };

  return (
    <li className="card prayer-item" aria-labelledby={`${id}-who`}>
      <RequestHeader request={held} whoId={`${id}-who`} />
      <p className="prayer-text">{held.text}</p>
      <div className="prayer-actions">
        <button
          type="button"
          className="button button-small"
          aria-describedby={`${id}-who`}
          aria-disabled={busy || undefined}
          onClick={() => void approve()}
        >
          {m.prayer_approve()}
        </button>
        <button
          type="button"
          className="button button-secondary button-small button-danger"
          aria-describedby={`${id}-who`}
          aria-haspopup="dialog"
          aria-disabled={busy || undefined}
          onClick={() => setRejecting(!busy)}
        >
          {m.prayer_reject()}
        </button>
      </div>
      <RejectModal
        open={rejecting}
        title={m.prayer_reject_title()}
        text={m.prayer_reject_text({ author: authorLine(held) })}
        hint={m.prayer_reject_reason_hint()}
        check={checkPrayerRejection}
        onCancel={() => setRejecting(false)}
        onReject={reject}
      />
    </li>
  );
}

function RejectedItem({ rejected }: { rejected: RejectedPrayer }) {
  const id = useId();
  const refresh = useRefreshQueue();
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await restorePrayer(rejected.id);
      toast.success(m.prayer_restored_toast());
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <li className="card prayer-item" aria-labelledby={`${id}-who`}>
      <RequestHeader request={rejected} whoId={`${id}-who`} />
      <p className="prayer-text">{rejected.text}</p>
      {rejected.reason && (
        <p className="prayer-status prayer-status-rejected prayer-reason">
          {m.prayer_rejected_why({ reason: rejected.reason })}
        </p>
      )}
      <div className="prayer-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-describedby={`${id}-who`}
          aria-disabled={busy || undefined}
          onClick={() => void undo()}
        >
          {busy ? m.prayer_undoing() : m.prayer_undo()}
        </button>
      </div>
    </li>
  );
}
