import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { FieldBox } from '../../components/FieldBox.tsx';
import { toast } from '../../components/Toasts.tsx';
import { BANKS, type Bank } from '../../../shared/constants.ts';
import type { StatementUploadResult } from '../../../shared/schemas/finance.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { paths } from '../../paths.ts';
import { bankLabels } from './banks.ts';
import { ColumnMappingForm } from './ColumnMappingForm.tsx';
import { financeKeys, rematch, uploadStatement, useBankMappings } from './finance.api.ts';
import { StatementLines } from './StatementLines.tsx';
import './finance.css';

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
          <ColumnMappingForm
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

      <StatementLines onChanged={refresh} onMatchAgain={matchAgain} />
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
