import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { EventSummary } from '../../../shared/events.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { formatWhen, registrationNote, useEvents } from './events.api.ts';
import './events.css';

/** /events (decision 037): upcoming events, soonest first; each opens its page to reply. */
export function EventsPage() {
  const id = useId();
  const { user } = useSession();
  const events = useEvents();

  let body;
  if (events.isPending) body = <Spinner label={m.events_loading()} />;
  else if (events.isError)
    body = (
      <LoadFailed
        message={m.events_load_failed()}
        reason={events.error.message}
        onRetry={() => void events.refetch()}
      />
    );
  else if (events.data.events.length === 0)
    body = <p className="card muted">{m.shared_events_no_events()}</p>;
  else
    body = (
      <ul className="event-list" aria-label={m.events_upcoming()}>
        {events.data.events.map((event) => (
          <EventItem key={event.id} event={event} />
        ))}
      </ul>
    );

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.memberHome}>{m.events_home()}</BackLink>
      <h1 id={`${id}-title`}>{m.events_title()}</h1>
      {user?.finance && (
        <p>
          <Link to={paths.adminEvents}>{m.events_manage_link()}</Link>
        </p>
      )}
      <div aria-live="polite">{body}</div>
    </section>
  );
}

function EventItem({ event }: { event: EventSummary }) {
  const note = registrationNote(event);
  return (
    <li className="card event-card">
      <h2 className="event-title">
        <Link to={paths.event(event.id)}>{event.title}</Link>
      </h2>
      <p className="event-meta">{formatWhen(event)}</p>
      <p className="event-meta">{event.place}</p>
      <p className="event-meta muted">
        {event.assembly ? event.assembly.label : m.events_all_assemblies()}
        {event.kind === 'service' ? ` · ${m.events_kind_service()}` : ''}
        {event.placesLeft !== null && !note
          ? ` · ${m.events_places_left({ count: event.placesLeft })}`
          : ''}
      </p>
      {note && <p className="event-badge">{note}</p>}
    </li>
  );
}
