import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../components/Toasts.tsx';
import type { FinanceOfficer } from '../../../shared/schemas/finance.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useChurch } from '../church/useChurch.ts';
import { financeKeys, grantOfficer, revokeOfficer, useOfficers } from './finance.api.ts';
import { formatDay } from './format.ts';
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
    if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) problems.email = 'Enter a valid email address.';
    if (!all && chosen.length === 0)
      problems.assemblies = 'Choose at least one assembly, or all assemblies.';
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await grantOfficer(input);
      toast.success(`${input.email.toLowerCase()} is a finance officer.`);
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
      toast.success(`${officer.email} is no longer a finance officer.`);
      await refresh();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  let list;
  if (officers.isPending) list = <Spinner label="Loading finance officers..." />;
  else if (officers.isError)
    list = (
      <LoadFailed
        message="We could not load the finance officers."
        reason={officers.error.message}
        onRetry={() => void officers.refetch()}
      />
    );
  else if (officers.data.length === 0) list = <p className="muted">No finance officers yet.</p>;
  else
    list = (
      <ul className="finance-list" aria-label="Finance officers">
        {officers.data.map((o) => (
          <li key={o.userId} className="finance-row">
            <div>
              <strong>{o.fullName}</strong> · {o.email}
              <br />
              <span className="muted">
                {o.allAssemblies ? 'All assemblies' : o.assemblies.map(label).join(', ')} · since{' '}
                {formatDay(o.since)}
              </span>
            </div>
            <div className="finance-row-actions">
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={`Change ${o.email}`}
                onClick={() => edit(o)}
              >
                Change
              </button>
              <button
                type="button"
                className="button button-secondary button-small button-danger"
                aria-label={`Revoke ${o.email}`}
                onClick={() => void revoke(o)}
              >
                Revoke
              </button>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.admin}>Admin Dashboard</BackLink>
      <h1 id={`${id}-title`}>Finance officers</h1>
      <form className="form card" aria-label="Make a finance officer" onSubmit={submit} noValidate>
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-email`}>Member’s email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {errors.email && (
            <p id={`${id}-email-error`} className="field-error">
              {errors.email}
            </p>
          )}
        </div>
        <fieldset className="field choice-list">
          <legend>Acts for</legend>
          <label>
            <input type="radio" name={`${id}-scope`} checked={all} onChange={() => setAll(true)} />{' '}
            All assemblies
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-scope`}
              checked={!all}
              onChange={() => setAll(false)}
            />{' '}
            Chosen assemblies
          </label>
        </fieldset>
        {!all && (
          <fieldset
            className="field choice-list"
            aria-invalid={errors.assemblies ? true : undefined}
            aria-describedby={errors.assemblies ? `${id}-assemblies-error` : undefined}
          >
            <legend>Assemblies</legend>
            {assemblies.map((a) => (
              <label key={a.slug}>
                <input
                  type="checkbox"
                  checked={chosen.includes(a.slug)}
                  onChange={(e) =>
                    setChosen(
                      e.target.checked ? [...chosen, a.slug] : chosen.filter((s) => s !== a.slug),
                    )
                  }
                />{' '}
                {a.label}
              </label>
            ))}
            {errors.assemblies && (
              <p id={`${id}-assemblies-error`} className="field-error">
                {errors.assemblies}
              </p>
            )}
          </fieldset>
        )}
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : 'Save finance officer'}
        </button>
      </form>
      <h2>Officers</h2>
      {list}
    </section>
  );
}
