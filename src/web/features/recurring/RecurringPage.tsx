import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCedis } from '../../../shared/giving.ts';
import { ruleText, type ScheduleView } from '../../../shared/recurring.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { ApiError } from '../../api.ts';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { useChurch } from '../church/useChurch.ts';
import { useProfile } from '../profile/profile.api.ts';
import {
  cardUpdateLink,
  changeScheduleAmount,
  scheduleAction,
  schedulesQueryKey,
  useSchedules,
} from './recurring.api.ts';
import { ScheduleForm } from './ScheduleForm.tsx';
import { dateText, scheduleTitle, scheduleWhen } from './schedule-text.ts';
import '../giving/giving.css';

const STATUS_LABELS: Record<ScheduleView['status'], string> = {
  setting_up: 'Waiting for the first card payment',
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
  ended: 'Ended',
};

/** /giving/recurring (issue 33): a member's standing gifts, and a new one. */
export function RecurringPage() {
  const id = useId();
  const { status } = useSession();
  const member = status === 'member';
  const church = useChurch();
  const profile = useProfile(member);
  const schedules = useSchedules(member);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: schedulesQueryKey });

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Recurring gifts</h1>
      <p className="muted">
        Give your tithe or offering every week or month. Card gifts are taken on the day; for mobile
        money you approve each gift on your phone — nothing is ever taken without you.
      </p>
      <p className="offerings-history-link">
        <Link to={paths.offerings}>Give once</Link> ·{' '}
        <Link to={paths.paymentHistory}>Payment history</Link>
      </p>
      {!member ? (
        <p className="card">
          <Link to={paths.auth}>Log in</Link> to set up a recurring gift.
        </p>
      ) : (
        <>
          <h2>Your recurring gifts</h2>
          {schedules.isPending ? (
            <PageLoading label="Loading your recurring gifts..." />
          ) : schedules.isError ? (
            <LoadFailed
              message="Your recurring gifts could not load."
              reason={schedules.error.message}
              onRetry={() => void schedules.refetch()}
            />
          ) : schedules.data.length === 0 ? (
            <p className="muted">You have no recurring gifts yet.</p>
          ) : (
            <ul className="schedule-list">
              {schedules.data.map((schedule) => (
                <ScheduleItem key={schedule.id} schedule={schedule} onChanged={refresh} />
              ))}
            </ul>
          )}
          <h2>New recurring gift</h2>
          <div className="card">
            {church.data ? (
              <ScheduleForm
                church={church.data}
                profile={profile.data}
                onCreated={() => {
                  toast.success('Recurring gift set up.');
                  void refresh();
                }}
              />
            ) : (
              <PageLoading label="Loading the form..." />
            )}
          </div>
        </>
      )}
    </section>
  );
}

function ScheduleItem({ schedule, onChanged }: { schedule: ScheduleView; onChanged: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState(formatCedis(schedule.amount).replace(/,/g, ''));
  const [amountError, setAmountError] = useState<string | null>(null);
  const open = schedule.status !== 'stopped' && schedule.status !== 'ended';
  // An active gift may be paused; a paused one resumed (the only two states with actions).
  const toggle =
    schedule.status === 'paused'
      ? {
          action: 'resume' as const,
          label: 'Resume',
          busy: 'Resuming...',
          done: 'Recurring gift resumed.',
        }
      : {
          action: 'pause' as const,
          label: 'Pause',
          busy: 'Pausing...',
          done: 'Recurring gift paused.',
        };

  const run = async (label: string, action: () => Promise<unknown>, done: string) => {
    setBusy(label);
    try {
      await action();
      toast.success(done);
      onChanged();
      return true;
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'That did not work. Try again.');
      return false;
    } finally {
      setBusy(null);
    }
  };

  const saveAmount = async () => {
    setAmountError(null);
    setBusy('amount');
    try {
      await changeScheduleAmount(schedule.id, amount);
      toast.success('Amount changed.');
      setEditing(false);
      onChanged();
    } catch (error) {
      setAmountError(
        error instanceof ApiError ? (error.fields?.amount ?? error.message) : 'Try again.',
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className="schedule card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="schedule-title">
        {scheduleTitle(schedule)}
      </h3>
      <p className="schedule-when">{scheduleWhen(schedule)}</p>
      <p className="schedule-meta muted">
        {schedule.method === 'card'
          ? 'Card'
          : `Mobile money · ${schedule.onDue === 'prompt' ? 'payment prompt' : 'reminder'}`}{' '}
        ·{' '}
        <span className={`schedule-status status-${schedule.status}`}>
          {STATUS_LABELS[schedule.status]}
        </span>
        {schedule.endOn && ` · until ${dateText(schedule.endOn)}`}
      </p>
      {schedule.cardFailedAt && open && (
        <p className="form-alert" role="alert">
          The last card payment failed.{' '}
          <button
            type="button"
            className="link-button"
            disabled={busy !== null}
            onClick={() =>
              void cardUpdateLink(schedule.id)
                .then(({ url }) => window.location.assign(url))
                .catch((error: unknown) =>
                  toast.error(error instanceof ApiError ? error.message : 'Try again.'),
                )
            }
          >
            Update your card
          </button>
        </p>
      )}
      {editing && (
        <form
          className="schedule-amount"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void saveAmount();
          }}
        >
          <label htmlFor={`${id}-amount`}>New amount (GHS)</label>
          <div className="amount-input">
            <span aria-hidden="true">GHS</span>
            <input
              id={`${id}-amount`}
              type="text"
              inputMode="decimal"
              value={amount}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? `${id}-amount-error` : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          {amountError && (
            <p id={`${id}-amount-error`} className="field-error" role="alert">
              {amountError}
            </p>
          )}
          <div className="button-row schedule-actions">
            <button type="submit" className="button button-small" disabled={busy !== null}>
              {busy === 'amount' ? 'Saving...' : 'Save amount'}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setEditing(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {open && !editing && schedule.status !== 'setting_up' && (
        <div className="button-row schedule-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy !== null}
            onClick={() =>
              void run(toggle.action, () => scheduleAction(schedule.id, toggle.action), toggle.done)
            }
          >
            {busy === toggle.action ? toggle.busy : toggle.label}
          </button>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy !== null}
            onClick={() => setEditing(true)}
          >
            Change amount
          </button>
          <button
            type="button"
            className="button button-secondary button-small button-danger"
            disabled={busy !== null}
            onClick={() => setStopping(true)}
          >
            Stop
          </button>
        </div>
      )}
      <ConfirmModal
        open={stopping}
        title="Stop this recurring gift?"
        confirmLabel="Stop"
        busy={busy === 'stop'}
        busyLabel="Stopping..."
        onCancel={() => setStopping(false)}
        onConfirm={() =>
          void run(
            'stop',
            () => scheduleAction(schedule.id, 'stop'),
            'Recurring gift stopped.',
          ).then(() => setStopping(false))
        }
      >
        <p>
          {scheduleTitle(schedule)}, {ruleText(schedule.frequency, schedule.day).toLowerCase()}. No
          more gifts will be taken or asked for. Gifts already made stay in your history.
        </p>
      </ConfirmModal>
    </li>
  );
}
