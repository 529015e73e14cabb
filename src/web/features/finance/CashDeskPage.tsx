import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { checkCashReceive, type CashReceiveValues } from '../../../shared/finance.ts';
import { formatDate, formatDateTime, formatGhs, plainCedis } from '../../../shared/format.ts';
import type { CashDeskEntry } from '../../../shared/schemas/finance.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { StateField } from '../../components/StateField.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useChurch } from '../../core/useChurch.ts';
import { financeKeys, findCash, receiveCash, useFlaggedCash } from './finance.api.ts';
import { todayIso, typeLabel } from './format.ts';
import './finance.css';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'loading'; code: string }
  | { kind: 'found'; entry: CashDeskEntry; notice?: { tone: 'success' | 'warning'; text: string } }
  | { kind: 'error'; message: string };

/**
 * /finance/cash: the officer types the 6-digit code the member brings with the cash (a
 * phone's number pad; the lookup starts by itself at the sixth digit), sees the entry, and
 * records what was counted.
 */
export function CashDeskPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const codeInput = useRef<HTMLInputElement>(null);
  const asked = useRef<string | null>(null);

  const find = async (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setLookup({ kind: 'error', message: m.finance_enter_code() });
      return;
    }
    asked.current = value;
    setLookup({ kind: 'loading', code: value });
    try {
      const entry = await findCash(value);
      if (asked.current === value) setLookup({ kind: 'found', entry });
    } catch (error) {
      if (asked.current === value) setLookup({ kind: 'error', message: messageOf(error) });
    }
  };

  const onCodeChange = (value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6);
    setCode(digits);
    if (digits.length === 6 && digits !== asked.current) void find(digits);
    if (digits.length < 6) asked.current = null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void find(code);
  };

  const next = () => {
    setCode('');
    asked.current = null;
    setLookup({ kind: 'idle' });
    codeInput.current?.focus();
  };

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.financeDesk}>{m.finance_desk()}</BackLink>
      <h1 id={`${id}-title`}>{m.finance_cash_desk()}</h1>
      <form className="form finance-code-form" onSubmit={onSubmit} noValidate>
        <FieldBox
          id={`${id}-code`}
          label={m.finance_code_label()}
          hint={m.finance_code_hint()}
          hintId
        >
          {(w) => (
            <div className="finance-code-row">
              <input
                ref={codeInput}
                {...w}
                className="finance-code-input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint="search"
                pattern="[0-9]{6}"
                maxLength={6}
                placeholder="000000"
                value={code}
                onChange={(event) => onCodeChange(event.target.value)}
              />
              <button type="submit" className="button">
                {m.finance_find()}
              </button>
            </div>
          )}
        </FieldBox>
      </form>

      <div aria-live="polite">
        {lookup.kind === 'loading' && (
          <Spinner label={m.finance_looking_up({ code: lookup.code })} />
        )}
        {lookup.kind === 'error' && (
          <p className="form-alert" role="alert">
            {lookup.message}
          </p>
        )}
        {lookup.kind === 'found' && (
          <CashEntryCard
            entry={lookup.entry}
            notice={lookup.notice}
            onRecorded={(entry, outcome) => {
              setLookup({
                kind: 'found',
                entry,
                notice:
                  outcome === 'received'
                    ? { tone: 'success', text: m.shared_finance_received() }
                    : { tone: 'warning', text: m.shared_finance_flagged() },
              });
              void queryClient.invalidateQueries({ queryKey: financeKeys.flagged });
            }}
            onNext={next}
          />
        )}
      </div>

      <FlaggedList
        onOpen={(entry) => {
          setCode(entry.code);
          asked.current = entry.code;
          setLookup({ kind: 'found', entry });
        }}
      />
    </section>
  );
}

const stateLabels = (): Record<CashDeskEntry['state'], string> => ({
  pending: m.finance_state_pending(),
  received: m.finance_state_received(),
  flagged: m.finance_flagged(),
  deleted: m.finance_state_deleted(),
});

interface CashEntryCardProps {
  entry: CashDeskEntry;
  notice?: { tone: 'success' | 'warning'; text: string } | undefined;
  onRecorded: (entry: CashDeskEntry, outcome: 'received' | 'flagged') => void;
  onNext: () => void;
}

function CashEntryCard({ entry, notice, onRecorded, onNext }: CashEntryCardProps) {
  const id = useId();
  return (
    <article className="card finance-entry" aria-labelledby={`${id}-name`}>
      <div className="finance-entry-top">
        <h2 id={`${id}-name`}>{entry.memberName}</h2>
        <span className="finance-state" data-state={entry.state}>
          {stateLabels()[entry.state]}
        </span>
      </div>
      <dl className="finance-facts">
        <div>
          <dt>{m.finance_code()}</dt>
          <dd className="finance-code">{entry.code}</dd>
        </div>
        <div>
          <dt>{m.finance_amount_entered()}</dt>
          <dd className="finance-amount">{formatGhs(entry.amount)}</dd>
        </div>
        <div>
          <dt>{m.finance_assembly()}</dt>
          <dd>{entry.assembly.label}</dd>
        </div>
        <div>
          <dt>{m.finance_type()}</dt>
          <dd>{typeLabel(entry.type)}</dd>
        </div>
        <div>
          <dt>{m.finance_recorded_by_member()}</dt>
          <dd>{formatDateTime(entry.createdAt, 'device')}</dd>
        </div>
        {entry.received && (
          <div>
            <dt>{m.finance_counted()}</dt>
            <dd>
              {entry.received.recordedBy
                ? m.finance_counted_recorded({
                    amount: formatGhs(entry.received.amount),
                    day: formatDate(entry.received.on),
                    by: entry.received.by,
                    recordedBy: entry.received.recordedBy,
                  })
                : m.finance_counted_by({
                    amount: formatGhs(entry.received.amount),
                    day: formatDate(entry.received.on),
                    by: entry.received.by,
                  })}
            </dd>
          </div>
        )}
      </dl>
      {notice && (
        <p className={notice.tone === 'success' ? 'form-success' : 'form-alert'} role="status">
          {notice.text}
        </p>
      )}
      {entry.state === 'deleted' && (
        <p className="form-alert" role="alert">
          {m.shared_finance_cash_deleted()}
        </p>
      )}
      {entry.state === 'received' && !notice && entry.received && (
        <p className="form-alert" role="alert">
          {m.shared_finance_cash_already_received()}{' '}
          {m.finance_received_on({ by: entry.received.by, day: formatDate(entry.received.on) })}
        </p>
      )}
      {(entry.state === 'pending' || entry.state === 'flagged') && (
        <ReceiveForm entry={entry} onRecorded={onRecorded} />
      )}
      <p>
        <button type="button" className="button button-secondary" onClick={onNext}>
          {m.finance_next_code()}
        </button>
      </p>
    </article>
  );
}

const receiveFields = ['amount', 'receivedOn', 'receivedBy'] as const;

/**
 * The count, the day and who took the cash. Checked here without a form library (this screen
 * stays light on a phone) and again by the server with the shared schema.
 */
function ReceiveForm({
  entry,
  onRecorded,
}: {
  entry: CashDeskEntry;
  onRecorded: CashEntryCardProps['onRecorded'];
}) {
  const id = useId();
  const { user } = useSession();
  const church = useChurch();
  const [values, setValues] = useState<CashReceiveValues>({
    amount: plainCedis(entry.amount),
    receivedOn: todayIso(),
    receivedBy: user?.fullName ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CashReceiveValues, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const check = checkCashReceive(
      values,
      church.data?.giving.maxAmount ?? Number.MAX_SAFE_INTEGER,
    );
    if (!check.ok) {
      setErrors(check.errors);
      const first = receiveFields.find((name) => check.errors[name]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await receiveCash(entry.id, values);
      onRecorded(result.entry, result.outcome);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setAlert(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = (name: keyof CashReceiveValues) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form
      className="form finance-receive-form"
      aria-label={m.finance_receive_title()}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3>{m.finance_receive_title()}</h3>
      {alert && (
        <p className="form-alert" role="alert">
          {alert}
        </p>
      )}
      <StateField
        form={fields}
        name="amount"
        label={m.finance_amount_received()}
        hint={m.finance_amount_hint()}
        hintId
      >
        {(w) => (
          <input type="text" inputMode="decimal" autoComplete="off" {...w} {...bind('amount')} />
        )}
      </StateField>
      <StateField form={fields} name="receivedOn" label={m.finance_date_received()}>
        {(w) => <input type="date" max={todayIso()} {...w} {...bind('receivedOn')} />}
      </StateField>
      <StateField form={fields} name="receivedBy" label={m.finance_received_by()}>
        {(w) => <input type="text" autoComplete="name" {...w} {...bind('receivedBy')} />}
      </StateField>
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? m.finance_recording() : m.finance_record_cash()}
      </button>
    </form>
  );
}

function FlaggedList({ onOpen }: { onOpen: (entry: CashDeskEntry) => void }) {
  const id = useId();
  const flagged = useFlaggedCash();
  if (flagged.isPending || flagged.isError || flagged.data.length === 0) return null;
  return (
    <section className="finance-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{m.finance_flagged()}</h2>
      <ul className="finance-list">
        {flagged.data.map((entry) => (
          <li key={entry.id} className="finance-row">
            <div>
              <strong>{entry.memberName}</strong> · {entry.assembly.label}
              <br />
              <span className="muted">
                {m.finance_entered_counted({
                  entered: formatGhs(entry.amount),
                  counted: formatGhs(entry.received?.amount ?? 0),
                })}
              </span>
            </div>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={m.finance_open_code({ code: entry.code, name: entry.memberName })}
              onClick={() => onOpen(entry)}
            >
              {entry.code}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
