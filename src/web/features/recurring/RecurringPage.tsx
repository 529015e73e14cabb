import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatWeekdayDate, plainCedis } from '../../../shared/format.ts';
import { ruleText, type ScheduleView } from '../../../shared/recurring.ts';
import '../../components/ConfirmModal.css';
import { QueryState } from '../../components/QueryState.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { ApiError } from '../../api.ts';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useChurch } from '../../core/useChurch.ts';
import { useProfile } from '../profile/index.ts';
import {
  cardUpdateLink,
  changeScheduleAmount,
  scheduleAction,
  schedulesQueryKey,
  useSchedules,
} from './recurring.api.ts';
import { scheduleTitle, scheduleWhen } from './schedule-text.ts';
import '../giving/giving.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

// The new gift's form and the dialog that stops a gift are each downloaded apart from the
// screen (decision 011): the form as the screen opens, the dialog when a gift is stopped.
const loadScheduleForm = () => import('./ScheduleForm.tsx');
const ScheduleForm = lazy(async () => ({ default: (await loadScheduleForm()).ScheduleForm }));
const ConfirmModal = lazy(async () => ({
  default: (await import('../../components/ConfirmModal.tsx')).ConfirmModal,
}));

const statusLabels = (): Record<ScheduleView['status'], string> => ({
  setting_up: m.recurring_status_setting_up(),
  active: m.recurring_status_active(),
  paused: m.recurring_status_paused(),
  stopped: m.recurring_status_stopped(),
  ended: m.recurring_status_ended(),
});

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
  useEffect(() => {
    if (member) void loadScheduleForm();
  }, [member]);

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.recurring_title()}</h1>
      <p className="muted">{m.recurring_intro()}</p>
      <p className="offerings-history-link">
        <Link to={paths.offerings}>{m.recurring_give_once()}</Link> ·{' '}
        <Link to={paths.paymentHistory}>{m.giving_payment_history()}</Link>
      </p>
      {!member ? (
        <p className="card">
          {withPart(
            (mark) => m.recurring_log_in({ login: mark }),
            <Link to={paths.auth}>{m.recurring_log_in_link()}</Link>,
          )}
        </p>
      ) : (
        <>
          <h2>{m.recurring_yours()}</h2>
          <QueryState
            query={schedules}
            loading={<PageLoading label={m.recurring_loading()} />}
            failed={m.recurring_load_failed()}
            isEmpty={(list) => list.length === 0}
            empty={<p className="muted">{m.recurring_none()}</p>}
          >
            {(list) => (
              <ul className="schedule-list">
                {list.map((schedule) => (
                  <ScheduleItem key={schedule.id} schedule={schedule} onChanged={refresh} />
                ))}
              </ul>
            )}
          </QueryState>
          <h2>{m.recurring_new()}</h2>
          <div className="card">
            <Suspense fallback={<PageLoading label={m.recurring_form_loading()} />}>
              {church.data ? (
                <ScheduleForm
                  church={church.data}
                  profile={profile.data}
                  onCreated={() => {
                    toast.success(m.recurring_set_up_done());
                    void refresh();
                  }}
                />
              ) : (
                <PageLoading label={m.recurring_form_loading()} />
              )}
            </Suspense>
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
  const [amount, setAmount] = useState(plainCedis(schedule.amount));
  const [amountError, setAmountError] = useState<string | null>(null);
  const open = schedule.status !== 'stopped' && schedule.status !== 'ended';
  // An active gift may be paused; a paused one resumed (the only two states with actions).
  const toggle =
    schedule.status === 'paused'
      ? {
          action: 'resume' as const,
          label: m.recurring_resume(),
          busy: m.recurring_resuming(),
          done: m.recurring_resumed(),
        }
      : {
          action: 'pause' as const,
          label: m.recurring_pause(),
          busy: m.recurring_pausing(),
          done: m.recurring_paused(),
        };

  const run = async (label: string, action: () => Promise<unknown>, done: string) => {
    setBusy(label);
    try {
      await action();
      toast.success(done);
      onChanged();
      return true;
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : m.recurring_action_failed());
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
      toast.success(m.recurring_amount_changed());
      setEditing(false);
      onChanged();
    } catch (error) {
      setAmountError(
        error instanceof ApiError
          ? (error.fields?.amount ?? error.message)
          : m.recurring_try_again(),
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
          ? m.recurring_card()
          : schedule.onDue === 'prompt'
            ? m.recurring_momo_prompt()
            : m.recurring_momo_reminder()}{' '}
        ·{' '}
        <span className={`schedule-status status-${schedule.status}`}>
          {statusLabels()[schedule.status]}
        </span>
        {schedule.endOn && ` · ${m.recurring_until({ date: formatWeekdayDate(schedule.endOn) })}`}
      </p>
      {schedule.cardFailedAt && open && (
        <p className="form-alert" role="alert">
          {m.recurring_card_failed()}{' '}
          <button
            type="button"
            className="link-button"
            disabled={busy !== null}
            onClick={() =>
              void cardUpdateLink(schedule.id)
                .then(({ url }) => window.location.assign(url))
                .catch((error: unknown) =>
                  toast.error(error instanceof ApiError ? error.message : m.recurring_try_again()),
                )
            }
          >
            {m.recurring_update_card()}
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
          <label htmlFor={`${id}-amount`}>{m.recurring_new_amount()}</label>
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
              {busy === 'amount' ? m.common_saving() : m.recurring_save_amount()}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setEditing(false)}
            >
              {m.giving_cancel()}
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
            {m.recurring_change_amount()}
          </button>
          <button
            type="button"
            className="button button-secondary button-small button-danger"
            disabled={busy !== null}
            onClick={() => setStopping(true)}
          >
            {m.recurring_stop()}
          </button>
        </div>
      )}
      {stopping && (
        <Suspense fallback={null}>
          <ConfirmModal
            open
            title={m.recurring_stop_title()}
            confirmLabel={m.recurring_stop()}
            busy={busy === 'stop'}
            busyLabel={m.recurring_stopping()}
            onCancel={() => setStopping(false)}
            onConfirm={() =>
              void run(
                'stop',
                () => scheduleAction(schedule.id, 'stop'),
                m.recurring_stopped(),
              ).then(() => setStopping(false))
            }
          >
            <p>
              {m.recurring_stop_confirm({
                gift: scheduleTitle(schedule),
                rule: ruleText(schedule.frequency, schedule.day, true),
              })}
            </p>
          </ConfirmModal>
        </Suspense>
      )}
    </li>
  );
}
