import { Link } from 'react-router';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './pastor.css';

const cards = [
  {
    to: paths.pastorStudyMaterials,
    title: 'Study Materials & Curriculum',
    text: 'Courses and lesson plans for teaching.',
  },
  {
    to: paths.pastorBibleTools,
    title: 'Digital Bible Study Tools',
    text: 'Bibles, concordances and commentaries.',
  },
  {
    to: paths.pastorSermonArchive,
    title: 'Sermon Archive & Transcripts',
    text: 'Past sermons to read and listen to.',
  },
  {
    to: paths.pastorResourceLinks,
    title: 'Resource Links',
    text: 'Useful links for ministry.',
  },
];

/** /pastor/ministry-resources (spec §2): the four cards; their screens are still to come. */
export function MinistryResourcesPage() {
  return (
    <section className="page pastor-page" aria-labelledby="ministry-resources-title">
      <BackLink to={paths.workers}>Pastor&apos;s Dashboard</BackLink>
      <h1 id="ministry-resources-title">Ministry &amp; Church Resources</h1>
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
