import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { ManagedEvent } from '../../../shared/events.ts';
import { ApiError, messageOf } from '../../api.ts';
import { bindValues, StateField } from '../../components/StateField.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { AssemblyOptions } from '../../components/AssemblyOptions.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import {
  deleteEvent,
  eventsKeys,
  formatWhen,
  publishEvent,
  useManagedEvents,
} from './events.api.ts';
import { eventsApiPaths } from './events.paths.ts';
import './events.css';

const empty = {
  kind: 'event',
  title: '',
  assembly: '',
  startsAt: '',
  endsAt: '',
  place: '',
  description: '',
  capacity: '',
  registrationClosesAt: '',
};
type Form = typeof empty;
type Field = keyof Form;

const required: Partial<Record<Field, string>> = {
  title: m.shared_events_title(),
  startsAt: m.shared_events_starts_at(),
  endsAt: m.shared_events_ends_at(),
  place: m.shared_events_place(),
};

/**
 * /admin/events (decision 037): admins publish for any assembly or all, finance officers for
 * theirs; each event's replies counted, with the list as CSV.
 */
export function AdminEventsPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const managed = useManagedEvents();
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: eventsKeys.events });

  const assemblies = managed.data?.assemblies ?? [];
  const allowAll = managed.data?.allAssemblies ?? false;
  // An officer has no "all assemblies": their first assembly is chosen for them.
  const assembly = form.assembly || (allowAll ? '' : (assemblies[0]?.slug ?? ''));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    for (const [name, message] of Object.entries(required)) {
      if (!form[name as Field].trim()) missing[name] = message;
    }
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await publishEvent({ ...form, assembly });
      toast.success(m.events_published());
      setForm(empty);
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields);
        document.getElementById(`${id}-${Object.keys(error.fields)[0]}`)?.focus();
      } else setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = bindValues(form, setForm);

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-heading`}>
      <BackLink to={paths.events}>{m.events_title()}</BackLink>
      <h1 id={`${id}-heading`}>{m.events_manage_title()}</h1>
      <div aria-live="polite">
        <QueryState
          query={managed}
          loading={m.events_loading_managed()}
          failed={m.events_managed_load_failed()}
          isEmpty={(data) => data.events.length === 0}
          empty={m.shared_events_no_managed_events()}
        >
          {(data) => (
            <ul className="event-list" aria-label={m.events_published_list()}>
              {data.events.map((event) => (
                <ManagedItem key={event.id} event={event} onChange={refresh} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>

      <h2 className="event-heading">{m.events_publish_title()}</h2>
      <form
        className="form card"
        aria-label={m.events_publish_title()}
        onSubmit={submit}
        noValidate
      >
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <StateField form={fields} name="title" label={m.events_field_title()}>
          {(w) => <input {...w} {...bind('title')} type="text" maxLength={120} />}
        </StateField>
        <StateField form={fields} name="kind" label={m.events_field_kind()}>
          {(w) => (
            <select {...w} {...bind('kind')}>
              <option value="event">{m.events_kind_event()}</option>
              <option value="service">{m.events_kind_service()}</option>
            </select>
          )}
        </StateField>
        <StateField form={fields} name="assembly" label={m.events_field_assembly()}>
          {(w) => (
            <select {...w} {...bind('assembly')} value={assembly}>
              <AssemblyOptions
                assemblies={assemblies}
                none={allowAll ? m.events_all_assemblies() : undefined}
              />
            </select>
          )}
        </StateField>
        <p className="field-hint muted">{m.events_times_hint()}</p>
        <StateField form={fields} name="startsAt" label={m.events_field_starts()}>
          {(w) => <input {...w} {...bind('startsAt')} type="datetime-local" />}
        </StateField>
        <StateField form={fields} name="endsAt" label={m.events_field_ends()}>
          {(w) => <input {...w} {...bind('endsAt')} type="datetime-local" />}
        </StateField>
        <StateField form={fields} name="place" label={m.events_field_place()}>
          {(w) => <input {...w} {...bind('place')} type="text" maxLength={160} />}
        </StateField>
        <StateField form={fields} name="description" label={m.events_field_description()}>
          {(w) => <textarea {...w} {...bind('description')} rows={4} maxLength={4000} />}
        </StateField>
        <StateField
          form={fields}
          name="capacity"
          label={m.events_field_capacity()}
          hint={m.events_capacity_hint()}
        >
          {(w) => <input {...w} {...bind('capacity')} type="number" inputMode="numeric" min={1} />}
        </StateField>
        <StateField form={fields} name="registrationClosesAt" label={m.events_field_closes()}>
          {(w) => <input {...w} {...bind('registrationClosesAt')} type="datetime-local" />}
        </StateField>
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? m.events_publishing() : m.events_publish()}
        </button>
      </form>
    </section>
  );
}

function ManagedItem({ event, onChange }: { event: ManagedEvent; onChange: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteEvent(event.id);
      toast.success(m.events_taken_down());
      await onChange();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <li className="card event-card">
      <h2 className="event-title">
        <Link to={paths.event(event.id)}>{event.title}</Link>
      </h2>
      <p className="event-meta">{formatWhen(event)}</p>
      <p className="event-meta muted">
        {event.assembly ? event.assembly.label : m.events_all_assemblies()} · {event.place}
      </p>
      <p className="event-counts" data-testid="event-counts">
        <span>{m.events_count_going({ count: event.going })}</span>
        <span>{m.events_count_guests({ count: event.guests })}</span>
        <span>{m.events_count_not_going({ count: event.notGoing })}</span>
        <span>
          {event.capacity === null
            ? m.events_places_taken({ count: event.seatsTaken })
            : m.events_places_taken_of({ taken: event.seatsTaken, capacity: event.capacity })}
        </span>
      </p>
      <div className="event-actions">
        <a
          className="button button-small button-secondary"
          href={eventsApiPaths.rsvpsCsv(event.id)}
          download
        >
          {m.events_replies_csv()}
        </a>
        {asking ? (
          <>
            <span>{m.events_take_down_ask()}</span>
            <button
              type="button"
              className="button button-small"
              autoFocus
              onClick={() => setAsking(false)}
            >
              {m.events_keep()}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              aria-disabled={busy || undefined}
              onClick={() => void remove()}
            >
              {m.events_take_down()}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => setAsking(true)}
          >
            {m.events_take_down_open()}
          </button>
        )}
      </div>
    </li>
  );
}
