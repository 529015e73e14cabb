import { Navigate } from 'react-router';
import { m } from '../../../paraglide/messages.js';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { PageLoading } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useAppointment } from './pastor.api.ts';
import { pastorApiPaths } from './pastor.paths.ts';
import './appointment.css';

/**
 * /pastor/admin-resources/appointment (spec §2 Appointment view): the full pastor letter for
 * pastor_type 'full' or 'full-time', the lay pastor letter for 'lay', otherwise 'still under
 * review or not approved'. It prints on A4 (appointment.css) and downloads as a PDF the
 * server makes.
 */
export function AppointmentPage() {
  const { status } = useSession();
  const signedIn = status === 'member';
  const appointment = useAppointment(signedIn);

  if (status === 'loading') return <PageLoading />;
  if (!signedIn) return <Navigate to={paths.auth} replace />;
  return (
    <QueryState
      query={appointment}
      loading={<PageLoading label={m.pastor_loading_appointment()} />}
      failed={m.pastor_load_appointment_failed()}
      failedHeading={m.pastor_appointment()}
    >
      {(view) => {
        if (view.status !== 'appointed') {
          return (
            <section className="page narrow-page" aria-labelledby="appointment-title">
              <BackLink to={paths.pastorAdminResources}>{m.pastor_admin_resources()}</BackLink>
              <h1 id="appointment-title">{m.pastor_appointment()}</h1>
              <div className="card" role="status">
                <p>{m.pastor_appointment_is({ status: view.message })}</p>
              </div>
            </section>
          );
        }

        const { letter } = view;
        return (
          <section className="page appointment-page" aria-labelledby="appointment-title">
            <div className="no-print">
              <BackLink to={paths.pastorAdminResources}>{m.pastor_admin_resources()}</BackLink>
              <h1 id="appointment-title">{m.pastor_appointment()}</h1>
              <div className="button-row appointment-actions">
                <a className="button" href={pastorApiPaths.appointmentPdf} download>
                  {m.pastor_download_pdf()}
                </a>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => window.print()}
                >
                  {m.pastor_print()}
                </button>
              </div>
            </div>
            <article className="letter" aria-label={letter.title}>
              <header className="letter-header">
                <p className="letter-church">{letter.registeredName}</p>
                <p className="muted">{letter.churchName}</p>
              </header>
              <h2 className="letter-title">{letter.title}</h2>
              <dl className="letter-facts">
                <dt>{m.pastor_letter_name()}</dt>
                <dd>{letter.fullName}</dd>
                <dt>{m.pastor_letter_assembly()}</dt>
                <dd>{letter.assembly}</dd>
                <dt>{m.pastor_letter_role()}</dt>
                <dd>{letter.role}</dd>
                <dt>{m.pastor_letter_effective()}</dt>
                <dd>{letter.effectiveDate}</dd>
              </dl>
              {letter.paragraphs.map((text, i) => (
                <p key={i}>{text}</p>
              ))}
              <div className="letter-signatures">
                {letter.signatories.map((s) => (
                  <div key={s.name} className="letter-signature">
                    <p className="letter-signature-name">{s.name}</p>
                    <p className="muted">{s.title}</p>
                  </div>
                ))}
              </div>
            </article>
          </section>
        );
      }}
    </QueryState>
  );
}
