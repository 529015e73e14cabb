import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHECKIN_MESSAGES, PICKUP_CODE_LENGTH } from '../../../shared/checkin.ts';
import { ApiError, messageOf } from '../../api.ts';
import { FieldBox } from '../../components/FieldBox.tsx';
import { bindValues, StateField } from '../../components/StateField.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import {
  checkinKeys,
  pickUp,
  useMemberSearch,
  usherCheckIn,
  usherCheckInChild,
  useUsherSessions,
} from './checkin.api.ts';
import { formatWeekdayTime } from '../../../shared/format.ts';
import './checkin.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

type Tab = 'members' | 'child' | 'pickup';
const tabs = (): { id: Tab; label: string }[] => [
  { id: 'members', label: m.checkin_tab_members() },
  { id: 'child', label: m.checkin_tab_child() },
  { id: 'pickup', label: m.checkin_pickup() },
];

/**
 * /checkin/usher (issue 34): an usher at the door on a cheap phone. Big targets, one thing
 * at a time: find a member by name or phone and check them in; check a child in with the
 * guardian's phone; hand a child back for the code on the guardian's phone.
 */
export function UsherPage() {
  const id = useId();
  const sessions = useUsherSessions();
  const [chosen, setChosen] = useState('');
  const [tab, setTab] = useState<Tab>('members');

  let body;
  if (sessions.error instanceof ApiError && sessions.error.status === 403)
    body = (
      <p className="card form-alert" role="alert">
        {m.shared_checkin_not_usher()}
      </p>
    );
  else
    body = (
      <QueryState
        query={sessions}
        loading={m.checkin_loading_services()}
        failed={m.checkin_services_failed()}
        isEmpty={(list) => list.length === 0}
        empty={m.shared_checkin_no_sessions()}
      >
        {(list) => {
          const sessionId = chosen || list[0]!.id;
          return (
            <>
              <FieldBox id={`${id}-session`} label={m.checkin_service()}>
                {(w) => (
                  <select
                    {...w}
                    className="checkin-big"
                    value={sessionId}
                    onChange={(e) => setChosen(e.target.value)}
                  >
                    {list.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title} · {formatWeekdayTime(s.opensAt, 'device')}
                      </option>
                    ))}
                  </select>
                )}
              </FieldBox>
              <p>
                <Link
                  className="button button-secondary button-block"
                  to={paths.checkinScreen(sessionId)}
                >
                  {m.checkin_open_screen()}
                </Link>
              </p>
              <div className="checkin-tabs" role="tablist" aria-label={m.checkin_usher_tasks()}>
                {tabs().map((t) => (
                  <button
                    key={t.id}
                    type="button"
                    role="tab"
                    id={`${id}-tab-${t.id}`}
                    aria-selected={tab === t.id}
                    aria-controls={`${id}-panel`}
                    className={
                      tab === t.id ? 'button checkin-big' : 'button button-secondary checkin-big'
                    }
                    onClick={() => setTab(t.id)}
                  >
                    {t.label}
                  </button>
                ))}
              </div>
              <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
                {tab === 'members' && <MemberSearch sessionId={sessionId} />}
                {tab === 'child' && <ChildIn sessionId={sessionId} />}
                {tab === 'pickup' && <PickUp sessionId={sessionId} />}
              </div>
            </>
          );
        }}
      </QueryState>
    );

  return (
    <section className="page narrow-page checkin-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.checkin}>{m.checkin_check_in()}</BackLink>
      <h1 id={`${id}-title`}>{m.checkin_usher_mode()}</h1>
      {body}
    </section>
  );
}

function MemberSearch({ sessionId }: { sessionId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const found = useMemberSearch(sessionId, query);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const checkInMember = async (userId: string) => {
    try {
      const result = await usherCheckIn(sessionId, userId);
      setSaid({ ok: true, text: result.message });
      await queryClient.invalidateQueries({ queryKey: checkinKeys.members(sessionId, query) });
    } catch (error) {
      setSaid({ ok: false, text: messageOf(error) });
    }
  };

  return (
    <div className="checkin-panel">
      <FieldBox id={`${id}-q`} label={m.checkin_name_or_phone()}>
        {(w) => (
          <input
            {...w}
            type="search"
            className="checkin-big"
            autoComplete="off"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        )}
      </FieldBox>
      {said && (
        <p className={said.ok ? 'form-success' : 'form-alert'} role={said.ok ? 'status' : 'alert'}>
          {said.text}
        </p>
      )}
      {/* Not QueryState: a search's answer, whose failure is one line (typing again retries). */}
      <div aria-live="polite">
        {query.length < 2 ? (
          <p className="muted">{m.shared_checkin_query()}</p>
        ) : found.isPending ? (
          <Spinner label={m.checkin_searching()} />
        ) : found.isError ? (
          <p className="form-alert" role="alert">
            {found.error.message}
          </p>
        ) : found.data.length === 0 ? (
          <p className="muted">{m.checkin_no_match()}</p>
        ) : (
          <ul className="checkin-list" aria-label={m.checkin_members_found()}>
            {found.data.map((member) => (
              <li key={member.id} className="card checkin-member">
                <span>
                  <strong>{member.name}</strong>
                  {member.phoneEnd && <span className="muted"> · …{member.phoneEnd}</span>}
                </span>
                {member.checkedIn ? (
                  <span className="checkin-done">{m.checkin_checked_in()}</span>
                ) : (
                  <button
                    type="button"
                    className="button checkin-big"
                    onClick={() => void checkInMember(member.id)}
                    aria-label={m.checkin_check_in_name({ name: member.name })}
                  >
                    {m.checkin_check_in()}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ChildIn({ sessionId }: { sessionId: string }) {
  const id = useId();
  const [form, setForm] = useState({ childName: '', guardianPhone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<{ name: string; code: string; note?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!form.childName.trim()) local.childName = m.shared_checkin_child_name();
    if (!form.guardianPhone.trim()) local.guardianPhone = m.shared_checkin_guardian_phone();
    setErrors(local);
    if (Object.keys(local).length) {
      document.getElementById(`${id}-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const child = await usherCheckInChild(sessionId, {
        childName: form.childName.trim(),
        guardianPhone: form.guardianPhone.trim(),
      });
      setDone({ name: child.childName, code: child.pickupCode, note: child.guardianNote });
      setForm({ childName: '', guardianPhone: '' });
    } catch (error) {
      setErrors(error instanceof ApiError && error.fields ? error.fields : { _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = bindValues(form, setForm);

  return (
    <form
      className="form checkin-panel"
      aria-label={m.checkin_child()}
      onSubmit={submit}
      noValidate
    >
      {done && (
        <p className="form-success" role="status">
          {withPart(
            (mark) => m.checkin_child_done({ name: done.name, code: mark }),
            <span className="checkin-pickup-code">{done.code}</span>,
          )}
        </p>
      )}
      {done?.note && <p className="muted">{done.note}</p>}
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <StateField form={fields} name="childName" label={m.checkin_child_name()}>
        {(w) => (
          <input
            {...w}
            {...bind('childName')}
            className="checkin-big"
            autoComplete="off"
            maxLength={80}
          />
        )}
      </StateField>
      <StateField form={fields} name="guardianPhone" label={m.checkin_guardian_phone()}>
        {(w) => (
          <input
            {...w}
            {...bind('guardianPhone')}
            className="checkin-big"
            type="tel"
            autoComplete="off"
            inputMode="tel"
            placeholder="024 123 4567"
          />
        )}
      </StateField>
      <button
        type="submit"
        className="button button-block checkin-big"
        aria-disabled={busy || undefined}
      >
        {busy ? m.checkin_checking_in() : m.checkin_child_in()}
      </button>
    </form>
  );
}

function PickUp({ sessionId }: { sessionId: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`).test(code)) {
      setError(CHECKIN_MESSAGES.pickupCode);
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    setDone(null);
    try {
      const child = await pickUp(sessionId, code);
      setDone(m.checkin_picked_up({ name: child.childName, phoneEnd: child.guardianPhoneEnd }));
      setCode('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form checkin-panel"
      aria-label={m.checkin_pickup()}
      onSubmit={submit}
      noValidate
    >
      {done && (
        <p className="form-success" role="status">
          {done}
        </p>
      )}
      <FieldBox id={`${id}-code`} label={m.checkin_pickup_label()} error={error}>
        {(w) => (
          <input
            {...w}
            className="checkin-big checkin-code-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PICKUP_CODE_LENGTH}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
        )}
      </FieldBox>
      <button
        type="submit"
        className="button button-block checkin-big"
        aria-disabled={busy || undefined}
      >
        {busy ? m.checkin_checking() : m.checkin_hand_over()}
      </button>
    </form>
  );
}
