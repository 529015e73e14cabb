import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { FieldBox } from '../../components/FieldBox.tsx';
import { toast } from '../../components/Toasts.tsx';
import { BANKS, type Bank } from '../../../shared/constants.ts';
import { checkMapping } from '../../../shared/finance.ts';
import type {
  BankEntryCandidate,
  BankMapping,
  StatementLineView,
  StatementUploadResult,
} from '../../../shared/schemas/finance.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import {
  financeKeys,
  matchCandidates,
  matchLine,
  rematch,
  saveMapping,
  unmatchLine,
  uploadStatement,
  useBankMappings,
  useStatementLines,
} from './finance.api.ts';
import { formatDate, formatGhs } from '../../../shared/format.ts';
import { typeLabel } from './format.ts';
import './finance.css';

const bankLabels: Record<Bank, string> = { fidelity: 'Fidelity', prudential: 'Prudential' };

type Upload =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'mapping'; columns: string[]; message: string }
  | { kind: 'done'; result: StatementUploadResult }
  | { kind: 'error'; message: string };

/**
 * /finance/bank: upload the bank's statement export (CSV). The columns are asked for once per
 * bank; lines whose BT- code and amount match an open entry are matched at once; the rest
 * wait here for a match by hand.
 */
export function BankMatchingPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const mappings = useBankMappings();
  const [bank, setBank] = useState<Bank>('fidelity');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['finance', 'bank'] });

  const send = async () => {
    if (!file) {
      setUpload({ kind: 'error', message: m.finance_choose_file() });
      return;
    }
    setUpload({ kind: 'busy' });
    try {
      const result = await uploadStatement(bank, file);
      setUpload({ kind: 'done', result });
      await refresh();
    } catch (error) {
      const columns = error instanceof ApiError ? error.fields?.columns : undefined;
      if (columns) {
        setUpload({ kind: 'mapping', columns: columns.split('\n'), message: messageOf(error) });
      } else {
        setUpload({ kind: 'error', message: messageOf(error) });
      }
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const matchAgain = async () => {
    try {
      const { matched } = await rematch();
      toast.success(m.finance_lines_matched({ count: matched }));
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  const saved = mappings.data?.[bank];

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.financeDesk}>{m.finance_desk()}</BackLink>
      <h1 id={`${id}-title`}>{m.finance_bank_matching()}</h1>

      <form
        className="form card"
        aria-label={m.finance_upload_statement()}
        onSubmit={onSubmit}
        noValidate
      >
        <FieldBox id={`${id}-bank`} label={m.finance_bank()}>
          {(w) => (
            <select
              {...w}
              value={bank}
              onChange={(event) => {
                setBank(event.target.value as Bank);
                setUpload({ kind: 'idle' });
              }}
            >
              {BANKS.map((b) => (
                <option key={b} value={b}>
                  {bankLabels[b]}
                </option>
              ))}
            </select>
          )}
        </FieldBox>
        <FieldBox
          id={`${id}-file`}
          label={m.finance_statement_file()}
          hintId
          hint={
            saved
              ? m.finance_columns_used({
                  date: saved.dateColumn,
                  description: saved.descriptionColumn,
                  amount: saved.amountColumn,
                })
              : m.finance_columns_first_time()
          }
        >
          {(w) => (
            <input
              {...w}
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setUpload({ kind: 'idle' });
              }}
            />
          )}
        </FieldBox>
        <button
          type="submit"
          className="button button-block"
          aria-disabled={upload.kind === 'busy' || undefined}
        >
          {upload.kind === 'busy' ? m.finance_uploading() : m.finance_upload_and_match()}
        </button>
      </form>

      <div aria-live="polite">
        {upload.kind === 'error' && (
          <p className="form-alert" role="alert">
            {upload.message}
          </p>
        )}
        {upload.kind === 'mapping' && (
          <MappingForm
            bank={bank}
            columns={upload.columns}
            message={upload.message}
            current={saved}
            onSaved={async () => {
              await queryClient.invalidateQueries({ queryKey: financeKeys.mappings });
              await send();
            }}
          />
        )}
        {upload.kind === 'done' && <UploadSummary result={upload.result} />}
      </div>

      <Lines onChanged={refresh} onMatchAgain={matchAgain} />
    </section>
  );
}

function UploadSummary({ result }: { result: StatementUploadResult }) {
  return (
    <div className="card finance-summary" role="status">
      <p className="form-success">{m.finance_summary_matched({ count: result.matched })}</p>
      <ul className="finance-summary-list">
        <li>{m.finance_summary_read({ count: result.lines })}</li>
        <li>{m.finance_summary_imported({ count: result.imported })}</li>
        {result.alreadyImported > 0 && (
          <li>{m.finance_summary_already({ count: result.alreadyImported })}</li>
        )}
        {result.skipped > 0 && <li>{m.finance_summary_skipped({ count: result.skipped })}</li>}
      </ul>
      {result.errors.length > 0 && (
        <>
          <p className="form-alert">{m.finance_summary_errors()}</p>
          <ul className="finance-summary-list">
            {result.errors.map((e) => (
              <li key={e.line}>
                {m.finance_summary_error_line({ line: e.line, message: e.message })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface MappingFormProps {
  bank: Bank;
  columns: string[];
  message: string;
  current: BankMapping | undefined;
  onSaved: () => Promise<void>;
}

function MappingForm({ bank, columns, message, current, onSaved }: MappingFormProps) {
  const id = useId();
  const guess = (words: string[], fallback?: string) =>
    columns.find((c) => words.some((w) => c.toLowerCase().includes(w))) ?? fallback ?? '';
  const [values, setValues] = useState<BankMapping>({
    dateColumn: guess(['date'], current?.dateColumn),
    descriptionColumn: guess(
      ['narration', 'description', 'details', 'remark'],
      current?.descriptionColumn,
    ),
    amountColumn: guess(['credit', 'deposit', 'amount'], current?.amountColumn),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkMapping(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveMapping(bank, values);
      await onSaved();
    } catch (error) {
      setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const select = (key: keyof BankMapping, label: string, hint: string) => (
    <FieldBox id={`${id}-${key}`} label={label} error={errors[key]} hint={hint} hintId>
      {(w) => (
        <select
          {...w}
          value={values[key]}
          aria-describedby={`${id}-${key}-hint${errors[key] ? ` ${id}-${key}-error` : ''}`}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        >
          <option value="">{m.finance_choose_column()}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </FieldBox>
  );

  return (
    <form
      className="form card"
      aria-label={m.finance_columns_of({ bank: bankLabels[bank] })}
      onSubmit={submit}
      noValidate
    >
      <h2>{m.finance_columns_of({ bank: bankLabels[bank] })}</h2>
      <p className="muted">{message}</p>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      {select('dateColumn', m.finance_date_column(), m.finance_date_column_hint())}
      {select(
        'descriptionColumn',
        m.finance_description_column(),
        m.finance_description_column_hint(),
      )}
      {select('amountColumn', m.finance_amount_column(), m.finance_amount_column_hint())}
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? m.common_saving() : m.finance_save_columns()}
      </button>
    </form>
  );
}

function Lines({
  onChanged,
  onMatchAgain,
}: {
  onChanged: () => Promise<void>;
  onMatchAgain: () => Promise<void>;
}) {
  const id = useId();
  const unmatched = useStatementLines('unmatched');
  const matched = useStatementLines('matched');

  let body;
  if (unmatched.isPending) body = <Spinner label={m.finance_lines_loading()} />;
  else if (unmatched.isError)
    body = (
      <LoadFailed
        message={m.finance_lines_failed()}
        reason={unmatched.error.message}
        onRetry={() => void unmatched.refetch()}
      />
    );
  else if (unmatched.data.length === 0) body = <p className="muted">{m.finance_all_matched()}</p>;
  else
    body = (
      <ul className="finance-list" aria-labelledby={`${id}-unmatched`}>
        {unmatched.data.map((line) => (
          <UnmatchedLine key={line.id} line={line} onChanged={onChanged} />
        ))}
      </ul>
    );

  return (
    <>
      <section className="finance-section" aria-labelledby={`${id}-unmatched`}>
        <div className="admin-title-row">
          <h2 id={`${id}-unmatched`}>{m.finance_not_matched()}</h2>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void onMatchAgain()}
          >
            {m.finance_match_again()}
          </button>
        </div>
        {body}
      </section>
      {matched.data && matched.data.length > 0 && (
        <section className="finance-section" aria-labelledby={`${id}-matched`}>
          <h2 id={`${id}-matched`}>{m.finance_matched()}</h2>
          <ul className="finance-list">
            {matched.data.map((line) => (
              <MatchedLine key={line.id} line={line} onChanged={onChanged} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function LineFacts({ line }: { line: StatementLineView }) {
  return (
    <div className="finance-line-facts">
      <span className="finance-amount">{formatGhs(line.amount)}</span>
      <span className="muted">
        {m.finance_line_facts({
          day: formatDate(line.bookedOn),
          bank: bankLabels[line.bank as Bank] ?? line.bank,
          line: line.lineNumber,
        })}
      </span>
      <span className="finance-description">{line.description || m.finance_no_description()}</span>
    </div>
  );
}

function UnmatchedLine({
  line,
  onChanged,
}: {
  line: StatementLineView;
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [candidates, setCandidates] = useState<BankEntryCandidate[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const open = async () => {
    setMessage(null);
    try {
      setCandidates(await matchCandidates(line.id));
    } catch (error) {
      setMessage(messageOf(error));
    }
  };
  const match = async (entry: BankEntryCandidate) => {
    try {
      await matchLine(line.id, entry.id);
      toast.success(m.finance_matched_to({ name: entry.memberName }));
      await onChanged();
    } catch (error) {
      setMessage(messageOf(error));
    }
  };

  return (
    <li className="finance-row finance-line" aria-labelledby={`${id}-desc`}>
      <div id={`${id}-desc`}>
        <LineFacts line={line} />
        {line.note && <p className="finance-note">{line.note}</p>}
      </div>
      {candidates === null ? (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void open()}
        >
          {m.finance_match_by_hand()}
        </button>
      ) : candidates.length === 0 ? (
        <p className="muted">{m.finance_no_candidates()}</p>
      ) : (
        <ul className="finance-candidates" aria-label={m.finance_candidates()}>
          {candidates.map((c) => (
            <li key={c.id}>
              <span>
                <strong>{c.memberName}</strong> · {c.assembly} · {typeLabel(c.type)}
                {c.code ? ` · ${c.code}` : ''} · {formatDate(c.createdAt)}
              </span>
              <button type="button" className="button button-small" onClick={() => void match(c)}>
                {m.finance_match()}
              </button>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="form-alert" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}

function MatchedLine({
  line,
  onChanged,
}: {
  line: StatementLineView;
  onChanged: () => Promise<void>;
}) {
  const entry = line.match?.entry;
  const unmatch = async () => {
    try {
      await unmatchLine(line.id);
      toast.success(m.finance_unmatched());
      await onChanged();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <li className="finance-row finance-line">
      <div>
        <LineFacts line={line} />
        {entry && (
          <p className="finance-matched">
            {(line.match?.kind === 'auto' ? m.finance_matched_by_code : m.finance_matched_by_hand)({
              entry: `${entry.memberName} · ${entry.assembly} · ${typeLabel(entry.type)}${entry.code ? ` · ${entry.code}` : ''}`,
            })}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={m.finance_unmatch_label({
          amount: formatGhs(line.amount),
          day: formatDate(line.bookedOn),
        })}
        onClick={() => void unmatch()}
      >
        {m.finance_unmatch()}
      </button>
    </li>
  );
}
