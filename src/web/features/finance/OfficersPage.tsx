import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { FieldBox } from '../../components/FieldBox.tsx';
import { toast } from '../../components/Toasts.tsx';
import type { FinanceOfficer } from '../../../shared/schemas/finance.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { Choice } from '../../components/Choice.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../../core/useChurch.ts';
import { financeKeys, grantOfficer, revokeOfficer, useOfficers } from './finance.api.ts';
import { formatDate } from '../../../shared/format.ts';
import './finance.css';

/** /admin/finance/officers: admins make members finance officers, for all or chosen assemblies. */
export function OfficersPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const officers = useOfficers();
  const church = useChurch();
  const assemblies = church.data?.assemblies ?? [];
  const label = (slug: string) => assemblies.find((a) => a.slug === slug)?.label ?? slug;

  const [email, setEmail] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: financeKeys.officers });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { email: email.trim(), allAssemblies: all, assemblies: all ? [] : chosen };
    // The server checks the same with officerGrantSchema and answers per field.
    const problems: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) problems.email = m.finance_email_invalid();
    if (!all && chosen.length === 0) problems.assemblies = m.finance_choose_assembly();
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await grantOfficer(input);
      toast.success(m.finance_officer_made({ email: input.email.toLowerCase() }));
      setEmail('');
      setChosen([]);
      setAll(true);
      await refresh();
    } catch (error) {
      setErrors(error instanceof ApiError && error.fields ? error.fields : { _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const edit = (officer: FinanceOfficer) => {
    setEmail(officer.email);
    setAll(officer.allAssemblies);
    setChosen(officer.assemblies);
    document.getElementById(`${id}-email`)?.focus();
  };

  const revoke = async (officer: FinanceOfficer) => {
    try {
      await revokeOfficer(officer.email);
      toast.success(m.finance_officer_revoked({ email: officer.email }));
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>{m.finance_admin_dashboard()}</BackLink>
      <h1 id={`${id}-title`}>{m.finance_officers()}</h1>
      <form
        className="form card"
        aria-label={m.finance_make_officer()}
        onSubmit={submit}
        noValidate
      >
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <FieldBox id={`${id}-email`} label={m.finance_member_email()} error={errors.email}>
          {(w) => (
            <input
              {...w}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FieldBox>
        <fieldset className="choice-field">
          <legend>{m.finance_acts_for()}</legend>
          <div className="choice-list">
            <Choice
              type="radio"
              name={`${id}-scope`}
              checked={all}
              onChange={() => setAll(true)}
              label={m.finance_all_assemblies()}
            />
            <Choice
              type="radio"
              name={`${id}-scope`}
              checked={!all}
              onChange={() => setAll(false)}
              label={m.finance_chosen_assemblies()}
            />
          </div>
        </fieldset>
        {!all && (
          <fieldset
            className="choice-field"
            aria-describedby={errors.assemblies ? `${id}-assemblies-error` : undefined}
          >
            <legend>{m.finance_assemblies()}</legend>
            <div className="choice-list">
              {assemblies.map((a) => (
                <Choice
                  key={a.slug}
                  type="checkbox"
                  checked={chosen.includes(a.slug)}
                  aria-invalid={errors.assemblies ? true : undefined}
                  onChange={(e) =>
                    setChosen(
                      e.target.checked ? [...chosen, a.slug] : chosen.filter((s) => s !== a.slug),
                    )
                  }
                  label={a.label}
                />
              ))}
            </div>
            {errors.assemblies && (
              <p id={`${id}-assemblies-error`} className="field-error">
                {errors.assemblies}
              </p>
            )}
          </fieldset>
        )}
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? m.common_saving() : m.finance_save_officer()}
        </button>
      </form>
      <h2>{m.finance_officers_heading()}</h2>
      <QueryState
        query={officers}
        loading={m.finance_officers_loading()}
        failed={m.finance_officers_failed()}
        isEmpty={(data) => data.length === 0}
        empty={<p className="muted">{m.finance_officers_empty()}</p>}
      >
        {(data) => (
          <ul className="finance-list" aria-label={m.finance_officers()}>
            {data.map((o) => (
              <li key={o.userId} className="finance-row">
                <div>
                  <strong>{o.fullName}</strong> · {o.email}
                  <br />
                  <span className="muted">
                    {m.finance_officer_since({
                      assemblies: o.allAssemblies
                        ? m.finance_all_assemblies()
                        : o.assemblies.map(label).join(', '),
                      day: formatDate(o.since),
                    })}
                  </span>
                </div>
                <div className="finance-row-actions">
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={m.finance_change_label({ email: o.email })}
                    onClick={() => edit(o)}
                  >
                    {m.finance_change()}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small button-danger"
                    aria-label={m.finance_revoke_label({ email: o.email })}
                    onClick={() => void revoke(o)}
                  >
                    {m.finance_revoke()}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
