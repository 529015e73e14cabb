import { useMatches } from 'react-router';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import './pastor.css';

/** What a placeholder route of the portal puts in its `handle`. */
export interface PastorPlaceholderHandle {
  placeholder: { title: string; text: string; back: 'admin' | 'ministry' };
}

function isPlaceholder(handle: unknown): handle is PastorPlaceholderHandle {
  return typeof handle === 'object' && handle !== null && 'placeholder' in handle;
}

/**
 * Accounts, Information Desk, Yearly Calendar (spec §2: placeholders) and the four ministry
 * screens the spec does not define: a polite page each.
 */
export function PastorPlaceholderPage() {
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isPlaceholder);
  const { title, text, back } = handle?.placeholder ?? {
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
