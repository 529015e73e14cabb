import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import { OFFERING_TYPES } from '../../../shared/constants.ts';
import { formatCedis, formatDate, formatGhs } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import { checkCampaignForm, percentOf, type CampaignReport } from '../../../shared/pledges.ts';
import { ApiError, messageOf } from '../../api.ts';
import { bindValues, StateField } from '../../components/StateField.tsx';
import { BackLink } from '../../components/BackLink.tsx';
import { AssemblyOptions } from '../../components/AssemblyOptions.tsx';
import { DateRange } from '../../components/DateRange.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useChurch } from '../../core/useChurch.ts';
import {
  createCampaign,
  pledgesApiPaths,
  pledgesKeys,
  useCampaignReport,
} from '../pledges/index.ts';
import '../pledges/pledges.css';

const todayIso = () => new Date().toISOString().slice(0, 10);

const EMPTY = {
  name: '',
  type: 'building_project',
  assembly: '',
  target: '',
  startsOn: todayIso(),
  endsOn: '',
};
type CampaignForm = typeof EMPTY;

/**
 * /admin/campaigns (issue 33), with the finance screens (loaded with them, so the entry every
 * member downloads carries no loader of its own for it): every campaign's pledged against given, per assembly, with a
 * CSV; finance officers see their assemblies. Admins also define campaigns here.
 */
export function CampaignsPage() {
  const id = useId();
  const { user } = useSession();
  const report = useCampaignReport();

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={user?.isAdmin ? paths.admin : paths.financeDesk}>
        {user?.isAdmin ? m.finance_admin_dashboard() : m.finance_desk()}
      </BackLink>
      <h1 id={`${id}-title`}>{m.finance_campaigns()}</h1>
      <p className="muted">{m.finance_campaigns_intro()}</p>
      {user?.isAdmin && <NewCampaign />}
      <div aria-live="polite">
        <QueryState
          query={report}
          loading={m.finance_campaigns_loading()}
          failed={m.finance_campaigns_failed()}
          isEmpty={(data) => data.campaigns.length === 0}
          empty={<p className="card">{m.finance_campaigns_empty()}</p>}
        >
          {(data) => {
            const labels = new Map(data.assemblies.map((a) => [a.slug, a.label]));
            return (
              <>
                <p>
                  <a
                    className="button button-secondary button-small"
                    href={pledgesApiPaths.campaignReportCsv}
                    download
                  >
                    {m.finance_campaigns_download()}
                  </a>
                </p>
                <ul className="pledge-list" aria-label={m.finance_campaigns()}>
                  {data.campaigns.map((c) => (
                    <CampaignCard key={c.id} campaign={c} labels={labels} />
                  ))}
                </ul>
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}

function CampaignCard({
  campaign: c,
  labels,
}: {
  campaign: CampaignReport;
  labels: Map<string, string>;
}) {
  const id = useId();
  return (
    <li className="card pledge-item" aria-labelledby={`${id}-name`}>
      <div className="pledge-item-top">
        <h3 id={`${id}-name`}>{c.name}</h3>
        <span className="muted">
          {formatDate(c.startsOn)} – {formatDate(c.endsOn)}
        </span>
      </div>
      <p className="pledge-facts muted">
        {m.finance_campaign_facts({
          type: OFFERING_TYPE_LABELS[c.type],
          assembly: c.assembly
            ? (labels.get(c.assembly) ?? c.assembly)
            : m.finance_all_assemblies(),
          target: formatGhs(c.target),
        })}
      </p>
      <p>
        {m.finance_pledged()} <strong>{formatGhs(c.totals.pledged)}</strong> ({c.totals.pledges}) ·{' '}
        {m.finance_given_lower()} <strong>{formatGhs(c.totals.given)}</strong>{' '}
        {m.finance_of_target({ percent: percentOf(c.totals.given, c.target) })}
      </p>
      {c.rows.length === 0 ? (
        <p className="muted">{m.finance_campaign_no_rows()}</p>
      ) : (
        <div
          className="campaign-table-wrap"
          role="region"
          aria-labelledby={`${id}-caption`}
          tabIndex={0}
        >
          <table className="campaign-rows">
            <caption id={`${id}-caption`} className="visually-hidden">
              {m.finance_campaign_caption({ name: c.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{m.finance_assembly()}</th>
                <th scope="col">{m.finance_pledged()}</th>
                <th scope="col">{m.finance_given_to_pledges()}</th>
                <th scope="col">{m.finance_given()}</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((r) => (
                <tr key={r.assembly ?? '-'}>
                  <th scope="row">
                    {r.assembly ? (labels.get(r.assembly) ?? r.assembly) : m.finance_no_assembly()}
                  </th>
                  <td>{formatCedis(r.pledged)}</td>
                  <td>{formatCedis(r.givenToPledges)}</td>
                  <td>{formatCedis(r.given)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

/** Admins only (the server refuses anyone else): a campaign's name, type, place, target, dates. */
function NewCampaign() {
  const id = useId();
  const queryClient = useQueryClient();
  const church = useChurch();
  const [form, setForm] = useState<CampaignForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The server checks the same with campaignCreateSchema and answers per field.
    const check = checkCampaignForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`${id}-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = await createCampaign(form);
      toast.success(m.finance_campaign_created({ name: made.name }));
      setForm(EMPTY);
      await queryClient.invalidateQueries({ queryKey: pledgesKeys.campaignReport });
    } catch (error) {
      setErrors(error instanceof ApiError && error.fields ? error.fields : { _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };
  const bind = bindValues(form, setForm);

  return (
    <form className="form card" aria-label={m.finance_new_campaign()} onSubmit={submit} noValidate>
      <h2>{m.finance_new_campaign()}</h2>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <StateField form={fields} name="name" label={m.finance_name()}>
        {(w) => <input {...w} {...bind('name')} type="text" autoComplete="off" />}
      </StateField>
      <StateField form={fields} name="type" label={m.finance_type()}>
        {(w) => (
          <select {...w} {...bind('type')}>
            {OFFERING_TYPES.map((t) => (
              <option key={t} value={t}>
                {OFFERING_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </StateField>
      <StateField form={fields} name="assembly" label={m.finance_assembly()}>
        {(w) => (
          <select {...w} {...bind('assembly')}>
            <AssemblyOptions
              assemblies={church.data?.assemblies}
              none={m.finance_all_assemblies()}
            />
          </select>
        )}
      </StateField>
      <StateField form={fields} name="target" label={m.finance_target()}>
        {(w) => (
          <input {...w} {...bind('target')} type="text" inputMode="decimal" autoComplete="off" />
        )}
      </StateField>
      <DateRange
        form={fields}
        names={['startsOn', 'endsOn']}
        labels={[m.finance_from(), m.finance_to()]}
        bind={bind}
      />
      <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
        {busy ? m.finance_creating() : m.finance_create_campaign()}
      </button>
    </form>
  );
}
