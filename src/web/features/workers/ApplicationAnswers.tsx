import { m } from '../../../paraglide/messages.js';
import { displayAnswer, isShown } from '../../../shared/workers/answers.ts';
import type { Answers, FieldDef, SectionDef } from '../../../shared/workers/fields.ts';
import { useChurch } from '../../core/useChurch.ts';
import './ApplicationAnswers.css';

interface ApplicationAnswersProps {
  sections: readonly SectionDef[];
  answers: Answers;
  /** The review step: an Edit button per section that goes back to that step. */
  onEdit?: (sectionIndex: number) => void;
  /** What to show for the image field (the review shows the chosen file's name). */
  photo?: React.ReactNode;
}

/**
 * Every answer, by section, as a person reads it (option labels, not codes), from the same
 * definition as the form. Used by the applicant's review and by the admins' review.
 */
export function ApplicationAnswers({ sections, answers, onEdit, photo }: ApplicationAnswersProps) {
  const { data: church } = useChurch();
  const show = (field: FieldDef) => {
    if (field.kind === 'image') return photo ?? '—';
    if (field.kind === 'assembly') {
      const slug = answers[field.name];
      return church?.assemblies.find((a) => a.slug === slug)?.label ?? displayAnswer(field, slug);
    }
    return displayAnswer(field, answers[field.name]);
  };
  return (
    <div className="answers">
      {sections.map((section, index) => (
        <section
          key={section.id}
          className="answers-section"
          aria-labelledby={`answers-${section.id}`}
        >
          <div className="answers-header">
            <h3 id={`answers-${section.id}`}>{section.title}</h3>
            {onEdit && (
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => onEdit(index)}
                aria-label={m.workers_edit_section({ section: section.title })}
              >
                {m.workers_edit()}
              </button>
            )}
          </div>
          <dl>
            {section.fields
              .filter((field) => isShown(field, answers))
              .map((field) => (
                <div key={field.name} className="answer">
                  <dt>{field.label}</dt>
                  <dd>{show(field)}</dd>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
