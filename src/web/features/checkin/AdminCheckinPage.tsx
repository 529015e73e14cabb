import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { bindValues, StateField } from '../../components/StateField.tsx';
import { DateRange } from '../../components/DateRange.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { AssemblyOptions } from '../../components/AssemblyOptions.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toast } from '../../components/Toasts.tsx';
import { useChurch } from '../../core/useChurch.ts';
import { useEvents } from '../events/index.ts';
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
import { formatWeekdayTime } from '../../../shared/format.ts';
import { localInput } from './checkin-format.ts';
import './checkin.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

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

  return (
    <section className="page checkin-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>{m.checkin_admin_dashboard()}</BackLink>
      <h1 id={`${id}-title`}>{m.checkin_admin_title()}</h1>
      <div aria-live="polite">
        <QueryState query={admin} loading={m.checkin_loading()} failed={m.checkin_load_failed()}>
          {(data) => (
            <>
              <h2>{m.checkin_services()}</h2>
              {data.sessions.length === 0 ? (
                <p className="card muted">{m.checkin_no_services()}</p>
              ) : (
                <ul className="checkin-list" aria-label={m.checkin_services()}>
                  {data.sessions.map((s) => (
                    <li key={s.id} className="card">
                      <strong>{s.title}</strong>{' '}
                      <span className="muted">
                        ·{' '}
                        {m.checkin_session_when({
                          assembly: assemblyLabel(s.assembly, m.checkin_all_assemblies()),
                          opens: formatWeekdayTime(s.opensAt, 'device'),
                          closes: formatWeekdayTime(s.closesAt, 'device'),
                        })}
                      </span>
                      <p>
                        {withPart(
                          (mark) =>
                            m.checkin_session_counts({
                              code: mark,
                              members: m.checkin_members_count({ count: s.members }),
                              children: m.checkin_children_count({ count: s.children }),
                            }),
                          <strong>{s.code}</strong>,
                        )}
                      </p>
                      <Link to={paths.checkinScreen(s.id)}>{m.checkin_entrance_screen()}</Link>
                    </li>
                  ))}
                </ul>
              )}
              <Attendance
                data={data}
                label={(slug) => assemblyLabel(slug, m.checkin_no_assembly())}
              />
              <Ushers data={data} />
            </>
          )}
        </QueryState>
      </div>
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
      <h2>{m.checkin_attendance()}</h2>
      {data.attendance.length === 0 ? (
        <p className="card muted">{m.checkin_nobody_yet()}</p>
      ) : (
        <div
          className="checkin-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={m.checkin_attendance()}
        >
          <table className="checkin-table">
            <caption>{m.checkin_attendance_caption()}</caption>
            <thead>
              <tr>
                <th scope="col">{m.checkin_service()}</th>
                <th scope="col">{m.checkin_assembly()}</th>
                <th scope="col" className="num">
                  {m.checkin_tab_members()}
                </th>
                <th scope="col" className="num">
                  {m.checkin_children()}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.attendance.map((r) => (
                <tr key={`${r.sessionId}-${r.assembly ?? '-'}`}>
                  <td>
                    {r.title}{' '}
                    <span className="muted">{formatWeekdayTime(r.opensAt, 'device')}</span>
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
          {m.checkin_download_csv()}
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
      setError(m.shared_checkin_usher());
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await grantUsher(contact.trim());
      setContact('');
      toast.success(m.checkin_usher_added());
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
      toast.success(m.checkin_usher_removed({ name }));
      await refresh();
    } catch (e) {
      toast.error(messageOf(e));
    }
  };

  return (
    <>
      <h2>{m.checkin_ushers()}</h2>
      <p className="muted">{m.checkin_ushers_intro()}</p>
      {data.ushers.length > 0 && (
        <ul className="checkin-list" aria-label={m.checkin_ushers()}>
          {data.ushers.map((u) => (
            <li key={u.id} className="card checkin-member">
              <span>
                <strong>{u.name}</strong> <span className="muted">{u.contact}</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void remove(u.id, u.name)}
                aria-label={m.checkin_remove_usher({ name: u.name })}
              >
                {m.checkin_remove()}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="form card"
        aria-label={m.checkin_add_usher_label()}
        onSubmit={submit}
        noValidate
      >
        <FieldBox id={`${id}-contact`} label={m.checkin_member_contact()} error={error}>
          {(w) => (
            <input
              {...w}
              autoComplete="off"
              value={contact}
              onChange={(e) => setContact(e.target.value)}
            />
          )}
        </FieldBox>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? m.checkin_adding() : m.checkin_add_usher()}
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
    if (!form.title.trim()) local.title = m.shared_checkin_title();
    if (!form.opensAt) local.opensAt = m.shared_checkin_opens_at();
    if (!form.closesAt) local.closesAt = m.shared_checkin_closes_at();
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
      toast.success(m.checkin_session_opened({ title: session.title, code: session.code }));
      setForm({ ...form, title: '' });
      await queryClient.invalidateQueries({ queryKey: checkinKeys.admin });
    } catch (error) {
      setErrors(error instanceof ApiError && error.fields ? error.fields : { _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = bindValues(form, setForm);

  return (
    <form className="form card" aria-label={m.checkin_open_session()} onSubmit={submit} noValidate>
      <h2>{m.checkin_open_session()}</h2>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <StateField form={fields} name="eventId" label={m.checkin_event()}>
        {(w) => (
          <select
            {...w}
            value={form.eventId}
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
            <option value="">{m.checkin_none()}</option>
            {upcoming.data?.events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} · {formatWeekdayTime(event.startsAt, 'device')}
              </option>
            ))}
          </select>
        )}
      </StateField>
      <StateField form={fields} name="title" label={m.checkin_name()}>
        {(w) => <input {...w} {...bind('title')} autoComplete="off" maxLength={80} />}
      </StateField>
      <StateField form={fields} name="assembly" label={m.checkin_assembly()}>
        {(w) => (
          <select {...w} {...bind('assembly')}>
            <AssemblyOptions assemblies={assemblies} none={m.checkin_all_assemblies()} />
          </select>
        )}
      </StateField>
      <DateRange
        form={fields}
        names={['opensAt', 'closesAt']}
        labels={[m.checkin_opens(), m.checkin_closes()]}
        bind={bind}
        type="datetime-local"
      />
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? m.checkin_opening() : m.checkin_open()}
      </button>
    </form>
  );
}
