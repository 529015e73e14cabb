import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { ManagedEvent } from '../../../shared/events.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
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

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    value: name === 'assembly' ? assembly : form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': describedBy(errors[name] && `${id}-${name}-error`),
  });
  const error = (name: Field) => <FieldError id={`${id}-${name}-error`} message={errors[name]} />;

  let list;
  if (managed.isPending) list = <Spinner label={m.events_loading_managed()} />;
  else if (managed.isError)
    list = (
      <LoadFailed
        message={m.events_managed_load_failed()}
        reason={managed.error.message}
        onRetry={() => void managed.refetch()}
      />
    );
  else if (managed.data.events.length === 0)
    list = <p className="card muted">{m.shared_events_no_managed_events()}</p>;
  else
    list = (
      <ul className="event-list" aria-label={m.events_published_list()}>
        {managed.data.events.map((event) => (
          <ManagedItem key={event.id} event={event} onChange={refresh} />
        ))}
      </ul>
    );

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-heading`}>
      <BackLink to={paths.events}>{m.events_title()}</BackLink>
      <h1 id={`${id}-heading`}>{m.events_manage_title()}</h1>
      <div aria-live="polite">{list}</div>

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
        <div className="field">
          <label htmlFor={`${id}-title`}>{m.events_field_title()}</label>
          <input {...field('title')} type="text" maxLength={120} />
          {error('title')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{m.events_field_kind()}</label>
          <select {...field('kind')}>
            <option value="event">{m.events_kind_event()}</option>
            <option value="service">{m.events_kind_service()}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-assembly`}>{m.events_field_assembly()}</label>
          <select {...field('assembly')}>
            {allowAll && <option value="">{m.events_all_assemblies()}</option>}
            {assemblies.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
          </select>
          {error('assembly')}
        </div>
        <p className="field-hint muted">{m.events_times_hint()}</p>
        <div className="field">
          <label htmlFor={`${id}-startsAt`}>{m.events_field_starts()}</label>
          <input {...field('startsAt')} type="datetime-local" />
          {error('startsAt')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-endsAt`}>{m.events_field_ends()}</label>
          <input {...field('endsAt')} type="datetime-local" />
          {error('endsAt')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-place`}>{m.events_field_place()}</label>
          <input {...field('place')} type="text" maxLength={160} />
          {error('place')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>{m.events_field_description()}</label>
          <textarea {...field('description')} rows={4} maxLength={4000} />
          {error('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-capacity`}>{m.events_field_capacity()}</label>
          <input {...field('capacity')} type="number" inputMode="numeric" min={1} />
          <p className="field-hint muted">{m.events_capacity_hint()}</p>
          {error('capacity')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-registrationClosesAt`}>{m.events_field_closes()}</label>
          <input {...field('registrationClosesAt')} type="datetime-local" />
          {error('registrationClosesAt')}
        </div>
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
