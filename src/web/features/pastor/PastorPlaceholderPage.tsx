import { useMatches } from 'react-router';
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
  text: `${title} is coming soon. We are preparing it for you; please check back later.`,
  back: 'ministry',
});

/** What each placeholder route of the portal says, by its pattern (routes.ts). */
const placeholders: Record<string, Placeholder> = {
  [patterns.pastorAccounts]: {
    title: 'Accounts',
    text: 'Your monthly payslips will be available here. Please check back at the end of the month.',
    back: 'admin',
  },
  [patterns.pastorInfoDesk]: {
    title: 'Information Desk',
    text: 'Notices and information from the church leadership will appear here.',
    back: 'admin',
  },
  [patterns.pastorCalendar]: {
    title: 'Yearly Calendar',
    text: 'The church’s calendar for the year will appear here.',
    back: 'admin',
  },
  [patterns.pastorStudyMaterials]: comingSoon('Study Materials & Curriculum'),
  [patterns.pastorBibleTools]: comingSoon('Digital Bible Study Tools'),
  [patterns.pastorSermonArchive]: comingSoon('Sermon Archive & Transcripts'),
  [patterns.pastorResourceLinks]: comingSoon('Resource Links'),
};

/**
 * Accounts, Information Desk, Yearly Calendar (spec §2: placeholders) and the four ministry
 * screens the spec does not define: a polite page each.
 */
export function PastorPlaceholderPage() {
  const pattern = useMatches().at(-1)?.id;
  const { title, text, back } = placeholders[pattern ?? ''] ?? {
    title: 'Coming soon',
    text: 'This part of the portal is coming soon.',
    back: 'admin',
  };
  return (
    <section className="page narrow-page pastor-page" aria-labelledby="pastor-placeholder-title">
      {back === 'admin' ? (
        <BackLink to={paths.pastorAdminResources}>Administrative Resources</BackLink>
      ) : (
        <BackLink to={paths.pastorMinistryResources}>Ministry & Church Resources</BackLink>
      )}
      <h1 id="pastor-placeholder-title">{title}</h1>
      <div className="card">
        <p>{text}</p>
      </div>
    </section>
  );
}
