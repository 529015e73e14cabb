import { useEffect, useId } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useEntranceScreen } from './checkin.api.ts';
import { formatTime } from '../../../shared/format.ts';
import './checkin.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

/**
 * /checkin/screen/:id (issue 34): the screen at the entrance, on a laptop or a tablet. The QR
 * (drawn by the server, so no QR library comes to the browser) changes every minute; the
 * short code is for phones without a camera and for USSD.
 */
export function EntranceScreenPage() {
  const id = useId();
  const { id: sessionId = '' } = useParams();
  const screen = useEntranceScreen(sessionId);
  const { refetch } = screen;
  const refreshAt = screen.data?.refreshAt;

  // The next QR as soon as it exists (and the count of those checked in with it).
  useEffect(() => {
    if (!refreshAt) return;
    const wait = Math.max(500, Date.parse(refreshAt) - Date.now() + 200);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [refreshAt, refetch]);

  // Not QueryState: a failure keeps the back link, and one who is not an usher is told so.
  if (screen.isPending) return <Spinner label={m.checkin_screen_loading()} />;
  if (screen.isError) {
    return (
      <section className="page narrow-page">
        <BackLink to={paths.checkinUsher}>{m.checkin_usher_mode()}</BackLink>
        {screen.error instanceof ApiError && screen.error.status === 403 ? (
          <p className="card form-alert" role="alert">
            {m.shared_checkin_not_usher()}
          </p>
        ) : (
          <LoadFailed
            message={m.checkin_screen_failed()}
            reason={screen.error.message}
            onRetry={() => void refetch()}
          />
        )}
      </section>
    );
  }
  const s = screen.data;
  return (
    <section className="page checkin-entrance" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{s.title}</h1>
      <p className="checkin-entrance-help">{m.checkin_screen_help()}</p>
      <div
        className="checkin-qr"
        role="img"
        aria-label={m.checkin_qr_label()}
        // Drawn by our server's QR library from our own link: no member's text in it.
        dangerouslySetInnerHTML={{ __html: s.svg }}
      />
      <p className="checkin-entrance-code">
        {withPart(
          (mark) => m.checkin_screen_code({ code: mark }),
          <strong data-testid="checkin-code">{s.code}</strong>,
        )}
      </p>
      <p className="muted" aria-live="polite">
        {m.checkin_screen_count({ count: s.checkedIn, time: formatTime(s.closesAt, 'device') })}
      </p>
    </section>
  );
}
