import { useEffect, useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { checkQuietHours, type NotificationSettings } from '../../../shared/notifications.ts';
import { ApiError, messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { FlashMessage, useFlashMessage } from '../profile/index.ts';
import {
  addDevice,
  currentSubscription,
  forgetThisDevice,
  pushSupport,
  subscribeThisDevice,
} from './device.ts';
import { saveQuietHours, useKeepSettings, useNotificationSettings } from './notifications.api.ts';
import './notifications.css';

/**
 * The profile's notifications (issue 35, decision 041): push on this device, and quiet hours
 * for SMS and push. Email and SMS follow 'Receipts, codes and notices' above.
 */
export function NotificationsSection() {
  const id = useId();
  const settings = useNotificationSettings();
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.notifications_title()}</h2>
      <p className="muted">{m.notifications_intro()}</p>
      {/* Not QueryState: a section of the profile, whose failure is one line without a retry. */}
      {settings.isPending ? (
        <Spinner label={m.common_loading()} />
      ) : settings.isError ? (
        <p role="alert" className="form-alert">
          {messageOf(settings.error)}
        </p>
      ) : (
        <>
          <ThisDevice settings={settings.data} />
          <QuietHoursForm settings={settings.data} />
        </>
      )}
    </section>
  );
}

function ThisDevice({ settings }: { settings: NotificationSettings }) {
  const id = useId();
  const keep = useKeepSettings();
  const { flash, show } = useFlashMessage();
  const [support, setSupport] = useState(pushSupport);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setOn(!!subscription))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const subscription = await subscribeThisDevice(settings.publicKey);
      if (subscription === 'denied') {
        setSupport(pushSupport());
        show(m.notifications_push_denied(), 'error');
        return;
      }
      const saved = await addDevice(subscription);
      keep(saved.settings);
      setOn(true);
      show(saved.message, 'success');
    } catch (error) {
      show(error instanceof ApiError ? error.message : m.notifications_push_failed(), 'error');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const saved = await forgetThisDevice();
      if (saved) keep(saved.settings);
      setOn(false);
      show(m.notifications_push_off(), 'success');
    } catch (error) {
      show(messageOf(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (support === 'unsupported') return <p>{m.notifications_push_unsupported()}</p>;
  return (
    <div className="notification-device">
      <h3 id={`${id}-device`}>{m.notifications_device_title()}</h3>
      {support === 'denied' ? (
        <p>{m.notifications_push_denied()}</p>
      ) : on === null ? null : (
        <>
          <p>{on ? m.notifications_push_on() : m.notifications_push_off()}</p>
          <button
            type="button"
            className={on ? 'button button-secondary' : 'button'}
            disabled={busy}
            aria-describedby={describedBy(flash && `${id}-message`)}
            onClick={() => void (on ? turnOff() : turnOn())}
          >
            {busy ? m.common_saving() : on ? m.notifications_turn_off() : m.notifications_turn_on()}
          </button>
        </>
      )}
      <FlashMessage id={`${id}-message`} flash={flash} />
    </div>
  );
}

function QuietHoursForm({ settings }: { settings: NotificationSettings }) {
  const id = useId();
  const keep = useKeepSettings();
  const { flash, show } = useFlashMessage();
  const [from, setFrom] = useState(settings.quietFrom ?? '');
  const [until, setUntil] = useState(settings.quietUntil ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async (nextFrom: string, nextUntil: string) => {
    const problem = checkQuietHours(nextFrom, nextUntil);
    setError(problem ?? undefined);
    if (problem || busy) return;
    setBusy(true);
    try {
      const saved = await saveQuietHours(nextFrom || null, nextUntil || null);
      keep(saved.settings);
      setFrom(nextFrom);
      setUntil(nextUntil);
      show(saved.message, 'success');
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      const field = fields?.until ?? fields?.from;
      if (field) setError(field);
      else show(messageOf(caught), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(from, until);
  };
  const errorId = `${id}-error`;
  const invalid = error ? true : undefined;

  return (
    <form
      className="form quiet-hours-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{m.notifications_quiet_title()}</h3>
      <p className="muted">{m.notifications_quiet_intro()}</p>
      <div className="quiet-hours">
        <FieldBox id={`${id}-from`} label={m.notifications_quiet_from()}>
          {(w) => (
            <input
              {...w}
              type="time"
              value={from}
              aria-invalid={invalid}
              aria-describedby={describedBy(error && errorId)}
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </FieldBox>
        <FieldBox id={`${id}-until`} label={m.notifications_quiet_until()}>
          {(w) => (
            <input
              {...w}
              type="time"
              value={until}
              aria-invalid={invalid}
              aria-describedby={describedBy(error && errorId)}
              onChange={(event) => setUntil(event.target.value)}
            />
          )}
        </FieldBox>
      </div>
      <FieldError id={errorId} message={error} />
      <div className="quiet-hours-actions">
        <SubmitButton busy={busy} busyLabel={m.common_saving()}>
          {m.notifications_quiet_save()}
        </SubmitButton>
        {(settings.quietFrom || from || until) && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void save('', '')}
          >
            {m.notifications_quiet_none()}
          </button>
        )}
      </div>
      <FlashMessage id={`${id}-message`} flash={flash} />
    </form>
  );
}
