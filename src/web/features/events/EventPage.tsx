import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { EVENT_GUESTS_MAX, type EventView } from '../../../shared/events.ts';
import { formatGhanaTime } from '../../../shared/format.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { Choice } from '../../components/Choice.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { bindValues, StateField } from '../../components/StateField.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { useSession } from '../../core/useSession.ts';
import {
  eventsKeys,
  formatWhen,
  guestReply,
  registrationNote,
  reply,
  useEvent,
} from './events.api.ts';
import { eventsApiPaths } from './events.paths.ts';
import './events.css';

/** From an hour before it starts until it ends: members at it check in (issue 34). */
const happeningSoon = (e: EventView, now = Date.now()) =>
  Date.parse(e.startsAt) - 3_600_000 <= now && now < Date.parse(e.endsAt);

/**
 * /events/:id (decision 037): the event, a calendar file, and a reply: a member's (going or
 * not, guests, their name shown to their assembly or not) or a guest's (name and phone).
 */
export function EventPage() {
  const id = useId();
  const eventId = useParams().id ?? '';
  const event = useEvent(eventId);
  const { user, status } = useSession();
  // A guest's reply, once saved: the name it was saved under.
  const [guestDone, setGuestDone] = useState<string | null>(null);

  // Not QueryState: a failure keeps the back link, and a missing event is a page of its own.
  if (event.isPending) return <Spinner label={m.events_loading_event()} />;
  if (event.isError) {
    const missing =
      event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 400);
    return (
      <section className="page narrow-page">
        <BackLink to={paths.events}>{m.events_title()}</BackLink>
        {missing ? (
          <>
            <h1>{m.events_not_found()}</h1>
            <p>
              <Link to={paths.events}>{m.events_see_upcoming()}</Link>
            </p>
          </>
        ) : (
          <LoadFailed
            message={m.events_event_load_failed()}
            reason={event.error.message}
            onRetry={() => void event.refetch()}
          />
        )}
      </section>
    );
  }

  const e = event.data;
  const note = registrationNote(e, { hasPlace: user ? !!e.myRsvp?.going : guestDone !== null });
  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.events}>{m.events_title()}</BackLink>
      <h1 id={`${id}-title`}>{e.title}</h1>
      <dl className="event-facts">
        <dt>{m.events_fact_when()}</dt>
        <dd>{formatWhen(e)}</dd>
        <dt>{m.events_fact_where()}</dt>
        <dd>{e.place}</dd>
        <dt>{m.events_fact_for()}</dt>
        <dd>{e.assembly ? e.assembly.label : m.events_all_assemblies()}</dd>
        <dt>{m.events_fact_places()}</dt>
        <dd data-testid="event-places">
          {e.capacity === null
            ? m.events_places_no_limit({ taken: e.seatsTaken })
            : m.events_places_left_of({
                taken: e.seatsTaken,
                capacity: e.capacity,
                left: e.placesLeft ?? 0,
              })}
        </dd>
        {e.registrationClosesAt && (
          <>
            <dt>{m.events_fact_closes()}</dt>
            <dd>{formatGhanaTime(e.registrationClosesAt)}</dd>
          </>
        )}
      </dl>
      {e.description && <p className="event-description">{e.description}</p>}
      <p>
        <a className="button button-secondary" href={eventsApiPaths.ics(e.id)} download>
          {m.events_add_calendar()}
        </a>
      </p>
      {user && happeningSoon(e) && (
        <p>
          <Link className="button button-block" to={paths.checkin}>
            {m.events_check_in()}
          </Link>
        </p>
      )}
      {note && (
        <p className="event-badge" role="status">
          {note}
        </p>
      )}
      {user ? (
        <MemberReply event={e} />
      ) : status === 'loading' ? (
        <Spinner label={m.events_loading_reply()} />
      ) : guestDone !== null ? (
        <p className="form-success" role="status">
          {m.events_guest_done({ name: guestDone })}
        </p>
      ) : note ? (
        // Full, closed or started: nothing a guest could send would be taken.
        <p className="muted">
          <Link to={paths.events}>{m.events_see_other()}</Link>
        </p>
      ) : (
        <GuestReply event={e} onDone={setGuestDone} />
      )}
      {user && e.attendees.length > 0 && (
        <>
          <h2 className="event-heading">{m.events_going_from_assembly()}</h2>
          <ul aria-label={m.events_going_from_assembly()}>
            {e.attendees.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function useRefresh(eventId: string) {
  const queryClient = useQueryClient();
  return async (next?: EventView) => {
    if (next) queryClient.setQueryData(eventsKeys.event(eventId), next);
    else await queryClient.invalidateQueries({ queryKey: eventsKeys.event(eventId) });
    void queryClient.invalidateQueries({ queryKey: eventsKeys.events, exact: true });
  };
}

function MemberReply({ event }: { event: EventView }) {
  const id = useId();
  const refresh = useRefresh(event.id);
  const mine = event.myRsvp;
  const [going, setGoing] = useState<'yes' | 'no' | ''>(mine ? (mine.going ? 'yes' : 'no') : '');
  const [guests, setGuests] = useState(String(mine?.guests ?? 0));
  const [showName, setShowName] = useState(mine?.showName ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!going) {
      setErrors({ going: m.events_say_going() });
      document.getElementById(`${id}-yes`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const next = await reply(event.id, {
        going: going === 'yes',
        guests: going === 'yes' ? Number(guests) || 0 : 0,
        showName,
      });
      toast.success(going === 'yes' ? m.events_going_toast() : m.events_reply_saved());
      await refresh(next);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ _: messageOf(error) });
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  // The link sits inside the sentence, where each language puts it.
  const reminder = m.events_reminder_hint({ profile: '\u0000' }).split('\u0000');
  return (
    <>
      <h2 className="event-heading">{m.events_your_reply()}</h2>
      {mine && (
        <p data-testid="my-reply">
          {mine.going
            ? mine.guests
              ? m.events_my_reply_going_guests({ count: mine.guests })
              : m.events_my_reply_going()
            : m.events_my_reply_not_going()}
        </p>
      )}
      <form className="form card" aria-label={m.events_your_reply()} onSubmit={submit} noValidate>
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <fieldset
          className="choice-field"
          aria-describedby={describedBy(errors.going && `${id}-going-error`)}
        >
          <legend>{m.events_are_you_going()}</legend>
          <div className="choice-grid">
            <Choice
              id={`${id}-yes`}
              type="radio"
              name="going"
              checked={going === 'yes'}
              onChange={() => setGoing('yes')}
              label={m.events_going()}
            />
            <Choice
              type="radio"
              name="going"
              checked={going === 'no'}
              onChange={() => setGoing('no')}
              label={m.events_not_going()}
            />
          </div>
        </fieldset>
        <FieldError id={`${id}-going-error`} message={errors.going} />
        {going === 'yes' && (
          <FieldBox id={`${id}-guests`} label={m.events_guests_you_bring()} error={errors.guests}>
            {(w) => (
              <input
                {...w}
                type="number"
                inputMode="numeric"
                min={0}
                max={EVENT_GUESTS_MAX}
                value={guests}
                onChange={(e) => setGuests(e.target.value)}
              />
            )}
          </FieldBox>
        )}
        <Choice
          type="checkbox"
          checked={showName}
          onChange={(e) => setShowName(e.target.checked)}
          label={m.events_show_name()}
        />
        <p className="field-hint muted">
          {reminder[0]}
          <Link to={paths.profile}>{m.events_profile_link()}</Link>
          {reminder[1]}
        </p>
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? m.common_saving() : m.events_save_reply()}
        </button>
      </form>
    </>
  );
}

/** A guest's reply; `onDone` with their name once saved (the page says so from then on). */
function GuestReply({ event, onDone }: { event: EventView; onDone: (name: string) => void }) {
  const id = useId();
  const refresh = useRefresh(event.id);
  // What was typed is kept through a reload (issue 48), for this event.
  const draft = useMemo(
    () => formDraft(`event-guest.${event.id}`, { name: '', phone: '', guests: '0' }),
    [event.id],
  );
  const [form, setForm] = useState(() => readFormDraft(draft) ?? draft.empty);
  const dropDraft = useFormDraft(draft, form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (!form.name.trim()) missing.name = m.events_name_required();
    if (!form.phone.trim()) missing.phone = m.events_phone_required();
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await guestReply(event.id, form);
      dropDraft();
      onDone(form.name.trim());
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = bindValues(form, setForm);

  const intro = m.events_guest_intro({ login: '\u0000' }).split('\u0000');
  return (
    <>
      <h2 className="event-heading">{m.events_guest_title()}</h2>
      <p className="muted">
        {intro[0]}
        <Link to={paths.auth}>{m.events_log_in()}</Link>
        {intro[1]}
      </p>
      <form className="form card" aria-label={m.events_guest_reply()} onSubmit={submit} noValidate>
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <StateField form={fields} name="name" label={m.events_your_name()}>
          {(w) => <input {...w} {...bind('name')} type="text" autoComplete="name" maxLength={80} />}
        </StateField>
        <StateField form={fields} name="phone" label={m.events_phone()}>
          {(w) => (
            <input
              {...w}
              {...bind('phone')}
              type="tel"
              autoComplete="tel"
              placeholder="024 123 4567"
            />
          )}
        </StateField>
        <StateField form={fields} name="guests" label={m.events_people_you_bring()}>
          {(w) => (
            <input
              {...w}
              {...bind('guests')}
              type="number"
              inputMode="numeric"
              min={0}
              max={EVENT_GUESTS_MAX}
            />
          )}
        </StateField>
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? m.common_saving() : m.events_coming()}
        </button>
      </form>
    </>
  );
}
