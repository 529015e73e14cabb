import { Link } from 'react-router';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './pastor.css';

const cards = [
  {
    to: paths.pastorAccounts,
    title: 'Accounts',
    text: 'Your monthly payslips.',
  },
  {
    to: paths.pastorAppointment,
    title: 'Appointment Status',
    text: 'Your appointment letter, to print or download.',
  },
  {
    to: paths.pastorInfoDesk,
    title: 'Information Desk',
    text: 'Notices from the church leadership.',
  },
  {
    to: paths.pastorCalendar,
    title: 'Yearly Calendar',
    text: 'The church’s programmes for the year.',
  },
  {
    to: paths.pastorMessages,
    title: 'Messages',
    text: 'Private messages with the other pastors.',
  },
];

/** /pastor/admin-resources (spec §2): the five cards. */
export function AdminResourcesPage() {
  return (
    <section className="page pastor-page" aria-labelledby="admin-resources-title">
      <BackLink to={paths.workers}>Pastor&apos;s Dashboard</BackLink>
      <h1 id="admin-resources-title">Administrative Resources</h1>
      <ul className="pastor-cards">
        {cards.map((card) => (
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
