import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './pastor.css';

const cards = () => [
  {
    to: paths.pastorAccounts,
    title: m.pastor_accounts(),
    text: m.pastor_accounts_card(),
  },
  {
    to: paths.pastorAppointment,
    title: m.pastor_appointment(),
    text: m.pastor_appointment_card(),
  },
  {
    to: paths.pastorInfoDesk,
    title: m.pastor_info_desk(),
    text: m.pastor_info_desk_card(),
  },
  {
    to: paths.pastorCalendar,
    title: m.pastor_calendar(),
    text: m.pastor_calendar_card(),
  },
  {
    to: paths.pastorMessages,
    title: m.pastor_messages(),
    text: m.pastor_messages_card(),
  },
];

/** /pastor/admin-resources (spec §2): the five cards. */
export function AdminResourcesPage() {
  return (
    <section className="page pastor-page" aria-labelledby="admin-resources-title">
      <BackLink to={paths.workers}>{m.workers_pastor_dashboard()}</BackLink>
      <h1 id="admin-resources-title">{m.pastor_admin_resources()}</h1>
      <ul className="pastor-cards">
        {cards().map((card) => (
          <li key={card.to}>
            <Link className="pastor-card" to={card.to}>
              <h2>{card.title}</h2>
              <p className="muted">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
