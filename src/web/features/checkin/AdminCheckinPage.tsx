import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHECKIN_MESSAGES } from '../../../shared/checkin.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { useChurch } from '../church/useChurch.ts';
import { useEvents } from '../events/events.api.ts';
import { paths } from '../../paths.ts';
import {
  checkinKeys,
  createSession,
  grantUsher,
  revokeUsher,
  useCheckinAdmin,
  type CheckinAdmin,
} from './checkin.api.ts';
import { checkinApiPaths } from './checkin.paths.ts';
import { formatWhen, localInput } from './checkin-format.ts';
import './checkin.css';

/**
 * /admin/checkin (issue 34): admins open services for check-in, see who came per service and
 * assembly (with the CSV), and name the ushers.
 */
export function AdminCheckinPage() {
  const id = useId();
  const admin = useCheckinAdmin();
  const church = useChurch();
  const labels = new Map(church.data?.assemblies.map((a) => [a.slug, a.label]) ?? []);
  const assemblyLabel = (slug: string | null, none: string) =>
    slug ? (labels.get(slug) ?? slug) : none;

  let body;
  if (admin.isPending) body = <Spinner label="Loading check-in..." />;
  else if (admin.isError)
    body = (
      <LoadFailed
        message="Check-in could not load."
        reason={admin.error.message}
        onRetry={() => void admin.refetch()}
      />
    );
  else
    body = (
      <>
        <h2>Services</h2>
        {admin.data.sessions.length === 0 ? (
          <p className="card muted">No services yet. Open one below.</p>
        ) : (
          <ul className="checkin-list" aria-label="Services">
            {admin.data.sessions.map((s) => (
              <li key={s.id} className="card">
                <strong>{s.title}</strong>{' '}
                <span className="muted">
                  · {assemblyLabel(s.assembly, 'All assemblies')} · {formatWhen(s.opensAt)} to{' '}
                  {formatWhen(s.closesAt)}
                </span>
                <p>
                  Code <strong>{s.code}</strong> · {s.members} members · {s.children} children
                </p>
                <Link to={paths.checkinScreen(s.id)}>Entrance screen</Link>
              </li>
            ))}
          </ul>
        )}
        <Attendance data={admin.data} label={(slug) => assemblyLabel(slug, 'No assembly')} />
        <Ushers data={admin.data} />
      </>
    );

  return (
    <section className="page checkin-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin dashboard</BackLink>
      <h1 id={`${id}-title`}>Check-in</h1>
      <div aria-live="polite">{body}</div>
      <NewSession assemblies={church.data?.assemblies ?? []} />
    </section>
  );
}

function Attendance({
  data,
  label,
}: {
  data: CheckinAdmin;
  label: (slug: string | null) => string;
}) {
  return (
    <>
      <h2>Attendance</h2>
      {data.attendance.length === 0 ? (
        <p className="card muted">Nobody has checked in yet.</p>
      ) : (
        <div className="checkin-table-wrap" tabIndex={0} role="region" aria-label="Attendance">
          <table className="checkin-table">
            <caption>Attendance per service and assembly</caption>
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Assembly</th>
                <th scope="col" className="num">
                  Members
                </th>
                <th scope="col" className="num">
                  Children
                </th>
              </tr>
            </thead>
            <tbody>
              {data.attendance.map((r) => (
                <tr key={`${r.sessionId}-${r.assembly ?? '-'}`}>
                  <td>
                    {r.title} <span className="muted">{formatWhen(r.opensAt)}</span>
                  </td>
                  <td>{label(r.assembly)}</td>
                  <td className="num">{r.members}</td>
                  <td className="num">{r.children}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a className="button button-secondary" href={checkinApiPaths.attendanceCsv} download>
          Download attendance (CSV)
        </a>
      </p>
    </>
  );
}

function Ushers({ data }: { data: CheckinAdmin }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: checkinKeys.admin });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (contact.trim().length < 3) {
      setError(CHECKIN_MESSAGES.usher);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await grantUsher(contact.trim());
      setContact('');
      toast.success('The member is now an usher.');
      await refresh();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (usherId: string, name: string) => {
    try {
      await revokeUsher(usherId);
      toast.success(`${name} is no longer an usher.`);
      await refresh();
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  return (
    <>
      <h2>Ushers</h2>
      <p className="muted">
        Ushers check members in, run the entrance screen and hand children back.
      </p>
      {data.ushers.length > 0 && (
        <ul className="checkin-list" aria-label="Ushers">
          {data.ushers.map((u) => (
            <li key={u.id} className="card checkin-member">
              <span>
                <strong>{u.name}</strong> <span className="muted">{u.contact}</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void remove(u.id, u.name)}
                aria-label={`Remove ${u.name} as usher`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form card" aria-label="Add an usher" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-contact`}>Member’s email or phone</label>
          <input
            id={`${id}-contact`}
            autoComplete="off"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-contact-error`)}
          />
          <FieldError id={`${id}-contact-error`} message={error} />
        </div>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Adding...' : 'Add usher'}
        </button>
      </form>
    </>
  );
}

function NewSession({ assemblies }: { assemblies: { slug: string; label: string }[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const start = new Date();
  start.setMinutes(0, 0, 0);
  const upcoming = useEvents();
  const [form, setForm] = useState({
    eventId: '',
    title: '',
    assembly: '',
    opensAt: localInput(start),
    closesAt: localInput(new Date(start.getTime() + 3 * 3_600_000)),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = CHECKIN_MESSAGES.title;
    if (!form.opensAt) local.opensAt = CHECKIN_MESSAGES.opensAt;
    if (!form.closesAt) local.closesAt = CHECKIN_MESSAGES.closesAt;
    setErrors(local);
    if (Object.keys(local).length) {
      document.getElementById(`${id}-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      // The inputs hold the admin's own clock; the server keeps instants.
      const session = await createSession({
        eventId: form.eventId,
        title: form.title,
        assembly: form.assembly,
        opensAt: new Date(form.opensAt).toISOString(),
        closesAt: new Date(form.closesAt).toISOString(),
      });
      toast.success(`${session.title} is open for check-in. Its code is ${session.code}.`);
      setForm({ ...form, title: '' });
      await queryClient.invalidateQueries({ queryKey: checkinKeys.admin });
    } catch (error) {
      setErrors(error instanceof ApiError && error.fields ? error.fields : { _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof form) => ({
    id: `${id}-${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': describedBy(errors[name] && `${id}-${name}-error`),
  });

  return (
    <form
      className="form card"
      aria-label="Open a service for check-in"
      onSubmit={submit}
      noValidate
    >
      <h2>Open a service for check-in</h2>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-eventId`}>For an event (optional)</label>
        <select
          {...field('eventId')}
          onChange={(e) => {
            const event = upcoming.data?.events.find((x) => x.id === e.target.value);
            // An event fills in the rest: check-in opens half an hour before it starts.
            setForm(
              event
                ? {
                    eventId: event.id,
                    title: event.title.slice(0, 80),
                    assembly: event.assembly?.slug ?? '',
                    opensAt: localInput(new Date(Date.parse(event.startsAt) - 1_800_000)),
                    closesAt: localInput(new Date(event.endsAt)),
                  }
                : { ...form, eventId: '' },
            );
          }}
        >
          <option value="">None</option>
          {upcoming.data?.events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} · {formatWhen(event.startsAt)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-eventId-error`} message={errors.eventId} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`}>Name</label>
        <input {...field('title')} autoComplete="off" maxLength={80} />
        <FieldError id={`${id}-title-error`} message={errors.title} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-assembly`}>Assembly</label>
        <select {...field('assembly')}>
          <option value="">All assemblies</option>
          {assemblies.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-assembly-error`} message={errors.assembly} />
      </div>
      <div className="field-pair">
        <div className="field">
          <label htmlFor={`${id}-opensAt`}>Check-in opens</label>
          <input {...field('opensAt')} type="datetime-local" />
          <FieldError id={`${id}-opensAt-error`} message={errors.opensAt} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-closesAt`}>Check-in closes</label>
          <input {...field('closesAt')} type="datetime-local" />
          <FieldError id={`${id}-closesAt-error`} message={errors.closesAt} />
        </div>
      </div>
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? 'Opening...' : 'Open check-in'}
      </button>
    </form>
  );
}
