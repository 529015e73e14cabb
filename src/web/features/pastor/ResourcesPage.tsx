import { Link, useMatches } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { patterns, paths } from '../../paths.ts';
import './pastor.css';

interface Card {
  to: string;
  title: string;
  text: string;
}

interface Resources {
  /** The title's id (the section is labelled by it). */
  id: string;
  title: string;
  cards: Card[];
}

const card = (to: string, title: string, text: string): Card => ({ to, title, text });

/** Each resources screen's cards, by its pattern (routes.ts). */
const resources = (): Record<string, Resources> => ({
  [patterns.pastorAdminResources]: {
    id: 'admin-resources-title',
    title: m.pastor_admin_resources(),
    cards: [
      card(paths.pastorAccounts, m.pastor_accounts(), m.pastor_accounts_card()),
      card(paths.pastorAppointment, m.pastor_appointment(), m.pastor_appointment_card()),
      card(paths.pastorInfoDesk, m.pastor_info_desk(), m.pastor_info_desk_card()),
      card(paths.pastorCalendar, m.pastor_calendar(), m.pastor_calendar_card()),
      card(paths.pastorMessages, m.pastor_messages(), m.pastor_messages_card()),
    ],
  },
  // Their screens are still to come (PastorPlaceholderPage).
  [patterns.pastorMinistryResources]: {
    id: 'ministry-resources-title',
    title: m.pastor_ministry_resources(),
    cards: [
      card(paths.pastorStudyMaterials, m.pastor_study_materials(), m.pastor_study_materials_card()),
      card(paths.pastorBibleTools, m.pastor_bible_tools(), m.pastor_bible_tools_card()),
      card(paths.pastorSermonArchive, m.pastor_sermon_archive(), m.pastor_sermon_archive_card()),
      card(paths.pastorResourceLinks, m.pastor_resource_links(), m.pastor_resource_links_card()),
    ],
  },
});

/** /pastor/admin-resources and /pastor/ministry-resources (spec §2): five and four cards. */
export function ResourcesPage() {
  const pattern = useMatches().at(-1)?.id;
  const screen = resources();
  const { id, title, cards } = screen[pattern ?? ''] ?? screen[patterns.pastorAdminResources]!;
  return (
    <section className="page pastor-page" aria-labelledby={id}>
      <BackLink to={paths.workers}>{m.workers_pastor_dashboard()}</BackLink>
      <h1 id={id}>{title}</h1>
      <ul className="pastor-cards">
        {cards.map((each) => (
          <li key={each.to}>
            <Link className="pastor-card" to={each.to}>
              <h2>{each.title}</h2>
              <p className="muted">{each.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
