import { useId, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import type { Bank } from '../../../shared/constants.ts';
import { formatDate, formatGhs } from '../../../shared/format.ts';
import type { BankEntryCandidate, StatementLineView } from '../../../shared/schemas/finance.ts';
import { messageOf } from '../../api.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { toast } from '../../components/Toasts.tsx';
import { bankLabels } from './banks.ts';
import { matchCandidates, matchLine, unmatchLine, useStatementLines } from './finance.api.ts';
import { typeLabel } from './format.ts';

/** The statement's lines: those waiting for a match by hand, then the matched ones. */
export function StatementLines({
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
