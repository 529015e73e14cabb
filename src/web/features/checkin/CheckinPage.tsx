import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  CHECKIN_CODE_LENGTH,
  CHECKIN_MESSAGES,
  type CheckinHome,
} from '../../../shared/checkin.ts';
import { ApiError, messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { checkIn, checkInOwnChild, checkinKeys, useCheckinHome } from './checkin.api.ts';
import { formatTime } from '../../../shared/format.ts';
import './checkin.css';
import { m } from '../../../paraglide/messages.js';

const QrScanner = lazy(async () => ({ default: (await import('./QrScanner.tsx')).QrScanner }));

/** The token in an entrance QR's link, or null when the text is no Flock check-in link. */
function tokenOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.pathname === paths.checkin ? url.searchParams.get('t') : null;
  } catch {
    return null;
  }
}

type Outcome = { ok: boolean; message: string } | null;

/**
 * /checkin (issue 34): a member checks in to the service they are at, by the entrance QR
 * (scanned here, or with the phone's camera, which opens this screen with the code in the
 * link) or by the short code, and checks their children in with a pick-up code. A guest is
 * told what to do: check-in is a member's (issue 48).
 */
export function CheckinPage() {
  const { status } = useSession();
  return status === 'guest' ? <GuestCheckin /> : <MemberCheckin />;
}

function GuestCheckin() {
  const id = useId();
  return (
    <section className="page narrow-page checkin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.checkin_check_in()}</h1>
      <div className="card">
        <p>{m.checkin_guest()}</p>
        <Link className="button button-block" to={paths.auth}>
          {m.shell_log_in_sign_up()}
        </Link>
      </div>
    </section>
  );
}

function MemberCheckin() {
  const id = useId();
  const queryClient = useQueryClient();
  const home = useCheckinHome();
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  const send = async (body: { token: string } | { code: string }) => {
    setBusy(true);
    try {
      const result = await checkIn(body);
      setOutcome({ ok: true, message: result.message });
      setCode('');
      // The screen's first answer may still be on its way (a link from the camera checks in
      // at once): TanStack Query would keep that answer rather than ask again, so drop it.
      await queryClient.cancelQueries({ queryKey: checkinKeys.home });
      await queryClient.invalidateQueries({ queryKey: checkinKeys.home });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.code) setCodeError(error.fields.code);
      else setOutcome({ ok: false, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  // Opened by the phone's camera from the entrance QR: check in at once, once.
  const linkToken = params.get('t');
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!linkToken || sentToken.current === linkToken) return;
    sentToken.current = linkToken;
    setParams({}, { replace: true });
    void send({ token: linkToken });
  });

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!new RegExp(`^\\d{${CHECKIN_CODE_LENGTH}}$`).test(code.trim())) {
      setCodeError(CHECKIN_MESSAGES.code);
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setCodeError(undefined);
    void send({ code: code.trim() });
  };

  const onScan = (text: string) => {
    setScanning(false);
    const token = tokenOf(text);
    if (token) void send({ token });
    else setOutcome({ ok: false, message: m.shared_checkin_bad_qr() });
  };

  return (
    <section className="page narrow-page checkin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{m.checkin_check_in()}</h1>
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          className={outcome.ok ? 'form-success' : 'form-alert'}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.message}
        </p>
      )}
      {busy && <Spinner label={m.checkin_checking_you_in()} />}

      <div aria-live="polite">
        <QueryState query={home} loading={m.checkin_loading()} failed={m.checkin_load_failed()}>
          {(data) => <OpenServices home={data} />}
        </QueryState>
      </div>

      <h2>{m.checkin_scan()}</h2>
      {scanning ? (
        <Suspense fallback={<Spinner label={m.checkin_opening_camera()} />}>
          <QrScanner onRead={onScan} onClose={() => setScanning(false)} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button-block checkin-big"
          onClick={() => {
            setOutcome(null);
            setScanning(true);
          }}
        >
          {m.checkin_scan()}
        </button>
      )}

      <h2>{m.checkin_or_type()}</h2>
      <form
        className="form card"
        aria-label={m.checkin_with_code()}
        onSubmit={submitCode}
        noValidate
      >
        <FieldBox id={`${id}-code`} label={m.checkin_code_label()} error={codeError}>
          {(w) => (
            <input
              {...w}
              className="checkin-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CHECKIN_CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          )}
        </FieldBox>
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {m.checkin_check_in()}
        </button>
      </form>

      {home.data && <Children home={home.data} />}

      {home.data?.usher && (
        <p className="checkin-usher-link">
          <Link className="button button-secondary button-block" to={paths.checkinUsher}>
            {m.checkin_usher_mode()}
          </Link>
        </p>
      )}
    </section>
  );
}

function OpenServices({ home }: { home: CheckinHome }) {
  if (home.sessions.length === 0)
    return <p className="card muted">{m.shared_checkin_no_sessions()}</p>;
  return (
    <ul className="checkin-list" aria-label={m.checkin_open_services()}>
      {home.sessions.map((s) => (
        <li key={s.id} className="card">
          <strong>{s.title}</strong>
          <span className="muted">
            {' '}
            · {m.checkin_until({ time: formatTime(s.closesAt, 'device') })}
          </span>
          <p className={s.checkedInAt ? 'checkin-done' : 'muted'}>
            {s.checkedInAt
              ? m.checkin_checked_in_at({ time: formatTime(s.checkedInAt, 'device') })
              : m.checkin_not_yet()}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A guardian's children: check one in, and the pick-up codes of those in care. */
function Children({ home }: { home: CheckinHome }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const chosen = sessionId || home.sessions[0]?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setError(m.shared_checkin_child_name());
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await checkInOwnChild({ sessionId: chosen, childName: name.trim() });
      setName('');
      await queryClient.invalidateQueries({ queryKey: checkinKeys.home });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h2>{m.checkin_children()}</h2>
      {home.children.length > 0 && (
        <ul className="checkin-list" aria-label={m.checkin_children_in_care()}>
          {home.children.map((c) => (
            <li key={c.id} className="card checkin-child">
              <strong>{c.childName}</strong>
              <span className="muted"> · {c.sessionTitle}</span>
              <p>
                {m.checkin_pickup_code()}{' '}
                <span className="checkin-pickup-code">{c.pickupCode}</span>
              </p>
              <p className="muted">{m.checkin_pickup_show({ name: c.childName })}</p>
            </li>
          ))}
        </ul>
      )}
      {home.sessions.length > 0 && (
        <form className="form card" aria-label={m.checkin_child()} onSubmit={submit} noValidate>
          {home.sessions.length > 1 && (
            <FieldBox id={`${id}-session`} label={m.checkin_service()}>
              {(w) => (
                <select {...w} value={chosen} onChange={(e) => setSessionId(e.target.value)}>
                  {home.sessions.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </select>
              )}
            </FieldBox>
          )}
          <FieldBox id={`${id}-name`} label={m.checkin_child_name()} error={error}>
            {(w) => (
              <input
                {...w}
                autoComplete="off"
                maxLength={80}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FieldBox>
          <p className="muted">{m.checkin_guardian_note()}</p>
          <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
            {busy ? m.checkin_checking_in() : m.checkin_child()}
          </button>
        </form>
      )}
    </>
  );
}
