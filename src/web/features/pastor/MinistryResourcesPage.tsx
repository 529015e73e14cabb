import { Link } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './pastor.css';

const cards = () => [
  {
    to: paths.pastorStudyMaterials,
    title: m.pastor_study_materials(),
    text: m.pastor_study_materials_card(),
  },
  {
    to: paths.pastorBibleTools,
    title: m.pastor_bible_tools(),
    text: m.pastor_bible_tools_card(),
  },
  {
    to: paths.pastorSermonArchive,
    title: m.pastor_sermon_archive(),
    text: m.pastor_sermon_archive_card(),
  },
  {
    to: paths.pastorResourceLinks,
    title: m.pastor_resource_links(),
    text: m.pastor_resource_links_card(),
  },
];

/** /pastor/ministry-resources (spec §2): the four cards; their screens are still to come. */
export function MinistryResourcesPage() {
  return (
    <section className="page pastor-page" aria-labelledby="ministry-resources-title">
      <BackLink to={paths.workers}>{m.workers_pastor_dashboard()}</BackLink>
      <h1 id="ministry-resources-title">{m.pastor_ministry_resources()}</h1>
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
