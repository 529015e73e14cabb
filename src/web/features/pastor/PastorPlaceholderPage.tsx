import { useMatches } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { patterns, paths } from '../../paths.ts';
import './pastor.css';

interface Placeholder {
  title: string;
  text: string;
  back: 'admin' | 'ministry';
}

const comingSoon = (title: string): Placeholder => ({
  title,
  text: m.pastor_coming_soon_text({ title }),
  back: 'ministry',
});

/** What each placeholder route of the portal says, by its pattern (routes.ts). */
const placeholders = (): Record<string, Placeholder> => ({
  [patterns.pastorAccounts]: {
    title: m.pastor_accounts(),
    text: m.pastor_accounts_text(),
    back: 'admin',
  },
  [patterns.pastorInfoDesk]: {
    title: m.pastor_info_desk(),
    text: m.pastor_info_desk_text(),
    back: 'admin',
  },
  [patterns.pastorCalendar]: {
    title: m.pastor_calendar(),
    text: m.pastor_calendar_text(),
    back: 'admin',
  },
  [patterns.pastorStudyMaterials]: comingSoon(m.pastor_study_materials()),
  [patterns.pastorBibleTools]: comingSoon(m.pastor_bible_tools()),
  [patterns.pastorSermonArchive]: comingSoon(m.pastor_sermon_archive()),
  [patterns.pastorResourceLinks]: comingSoon(m.pastor_resource_links()),
});

/**
 * Accounts, Information Desk, Yearly Calendar (spec §2: placeholders) and the four ministry
 * screens the spec does not define: a polite page each.
 */
export function PastorPlaceholderPage() {
  const pattern = useMatches().at(-1)?.id;
  const { title, text, back } = placeholders()[pattern ?? ''] ?? {
    title: m.pastor_coming_soon(),
    text: m.pastor_coming_soon_portal(),
    back: 'admin',
  };
  return (
    <section className="page narrow-page pastor-page" aria-labelledby="pastor-placeholder-title">
      {back === 'admin' ? (
        <BackLink to={paths.pastorAdminResources}>{m.pastor_admin_resources()}</BackLink>
      ) : (
        <BackLink to={paths.pastorMinistryResources}>{m.pastor_ministry_resources()}</BackLink>
      )}
      <h1 id="pastor-placeholder-title">{title}</h1>
      <div className="card">
        <p>{text}</p>
      </div>
    </section>
  );
}
