import { useId } from 'react';
import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import type { EventSummary } from '../../../shared/events.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { formatWhen, registrationNote, useEvents } from './events.api.ts';
import './events.css';

/** /events (decision 037): upcoming events, soonest first; each opens its page to reply. */
export function EventsPage() {
  const id = useId();
  const { user } = useSession();
  const events = useEvents();

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.memberHome}>{m.events_home()}</BackLink>
      <h1 id={`${id}-title`}>{m.events_title()}</h1>
      {user?.finance && (
        <p>
          <Link to={paths.adminEvents}>{m.events_manage_link()}</Link>
        </p>
      )}
      <div aria-live="polite">
        <QueryState
          query={events}
          loading={m.events_loading()}
          failed={m.events_load_failed()}
          isEmpty={(data) => data.events.length === 0}
          empty={m.shared_events_no_events()}
        >
          {(data) => (
            <ul className="event-list" aria-label={m.events_upcoming()}>
              {data.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
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
