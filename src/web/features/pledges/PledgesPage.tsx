import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { OFFERING_TYPES } from '../../../shared/constants.ts';
import { formatDate, formatGhs } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import {
  checkPledgeForm,
  PLEDGE_RHYTHM_LABELS,
  PLEDGE_RHYTHMS,
  type LinkableGift,
  type Pledge,
  type PledgeRhythm,
} from '../../../shared/pledges.ts';
import { ApiError, messageOf } from '../../api.ts';
import { BackLink } from '../../components/BackLink.tsx';
import { FieldBox, wireField } from '../../components/FieldBox.tsx';
import { StateField } from '../../components/StateField.tsx';
import { FieldError } from '../../components/FieldError.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { createPledge, deletePledge, linkGift, pledgesKeys, usePledges } from './pledges.api.ts';
import { pledgeName, PledgeProgress } from './PledgeProgress.tsx';
import './pledges.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

const todayIso = () => new Date().toISOString().slice(0, 10);
const inMonths = (months: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

const typeLabel = (type: string) =>
  OFFERING_TYPE_LABELS[type as keyof typeof OFFERING_TYPE_LABELS] ?? type;

interface FormState {
  /** A type (`type:tithe`) or a campaign (`campaign:<id>`). */
  target: string;
  amount: string;
  dueOn: string;
  rhythm: PledgeRhythm;
}

/** What a reload keeps of the form (issue 48): all of it. */
const PLEDGE_DRAFT = formDraft<FormState>('pledge', {
  target: '',
  amount: '',
  dueOn: inMonths(6),
  rhythm: 'monthly',
});

/**
 * /giving/pledges (issue 33): the member's pledges, each with its progress (amount and
 * percent), a form to make one, and a way to count one of their confirmed gifts toward one.
 */
export function PledgesPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const pledges = usePledges();
  const [form, setForm] = useState(() => readFormDraft(PLEDGE_DRAFT) ?? PLEDGE_DRAFT.empty);
  const dropDraft = useFormDraft(PLEDGE_DRAFT, form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: pledgesKeys.pledges });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const [kind, value] = form.target.split(':');
    const body = {
      ...(kind === 'campaign' ? { campaignId: value } : kind === 'type' ? { type: value } : {}),
      amount: form.amount,
      dueOn: form.dueOn,
      rhythm: form.rhythm,
    };
    // The server checks the same with pledgeCreateSchema and answers per field.
    const check = checkPledgeForm(form);
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`${id}-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await createPledge(body);
      dropDraft();
      toast.success(m.pledges_saved());
      setForm({ ...form, target: '', amount: '' });
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const { type, campaignId, ...rest } = error.fields;
        setErrors({ ...rest, ...(type || campaignId ? { target: (type ?? campaignId)! } : {}) });
      } else setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const fields = { id, errors };

  const campaigns = pledges.data?.campaigns ?? [];

  return (
    <section className="page narrow-page" aria-labelledby={`${id}-title`}>
      <BackLink to={paths.offerings}>{m.giving_offerings_title()}</BackLink>
      <h1 id={`${id}-title`}>{m.pledges_title()}</h1>
      <p className="muted">{m.pledges_intro()}</p>
      <div aria-live="polite">
        <QueryState
          query={pledges}
          loading={m.pledges_loading()}
          failed={m.pledges_load_failed()}
          isEmpty={(data) => data.pledges.length === 0}
          empty={m.shared_pledges_no_pledges()}
        >
          {(data) => (
            <ul className="pledge-list" aria-label={m.pledges_yours()}>
              {data.pledges.map((p) => (
                <PledgeItem key={p.id} pledge={p} gifts={data.gifts} onChange={refresh} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>

      <h2 className="pledge-heading">{m.pledges_make()}</h2>
      <form className="form card" aria-label={m.pledges_make()} onSubmit={submit} noValidate>
        {errors._ && (
          <p className="form-alert" role="alert">
            {errors._}
          </p>
        )}
        <StateField form={fields} name="target" label={m.pledges_for()}>
          {(w) => (
            <select
              {...w}
              value={form.target}
              onChange={(e) => setForm({ ...form, target: e.target.value })}
            >
              <option value="">{m.pledges_choose_target()}</option>
              {campaigns.length > 0 && (
                <optgroup label={m.pledges_campaigns()}>
                  {campaigns.map((c) => (
                    <option key={c.id} value={`campaign:${c.id}`}>
                      {m.pledges_campaign_option({ name: c.name, date: formatDate(c.endsOn) })}
                    </option>
                  ))}
                </optgroup>
              )}
              <optgroup label={m.pledges_types()}>
                {OFFERING_TYPES.map((t) => (
                  <option key={t} value={`type:${t}`}>
                    {OFFERING_TYPE_LABELS[t]}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </StateField>
        <StateField form={fields} name="amount" label={m.giving_amount_label()}>
          {(w) => (
            <input
              {...w}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              onChange={(e) => setForm({ ...form, amount: e.target.value })}
            />
          )}
        </StateField>
        <StateField form={fields} name="dueOn" label={m.pledges_by()}>
          {(w) => (
            <input
              {...w}
              type="date"
              min={todayIso()}
              value={form.dueOn}
              onChange={(e) => setForm({ ...form, dueOn: e.target.value })}
            />
          )}
        </StateField>
        <StateField
          form={fields}
          name="rhythm"
          label={m.pledges_remind()}
          hint={withPart(
            (mark) => m.pledges_remind_hint({ profile: mark }),
            <Link to={paths.profile}>{m.pledges_profile_link()}</Link>,
          )}
        >
          {(w) => (
            <select
              {...w}
              value={form.rhythm}
              onChange={(e) => setForm({ ...form, rhythm: e.target.value as PledgeRhythm })}
            >
              {PLEDGE_RHYTHMS.map((r) => (
                <option key={r} value={r}>
                  {PLEDGE_RHYTHM_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </StateField>
        <button type="submit" className="button button-block" aria-disabled={busy || undefined}>
          {busy ? m.common_saving() : m.pledges_save()}
        </button>
      </form>
      <p>
        <Link to={paths.offerings}>{m.giving_give_now()}</Link> ·{' '}
        <Link to={paths.paymentHistory}>{m.giving_payment_history()}</Link>
      </p>
    </section>
  );
}

interface PledgeItemProps {
  pledge: Pledge;
  gifts: LinkableGift[];
  onChange: () => Promise<void>;
}

function PledgeItem({ pledge, gifts, onChange }: PledgeItemProps) {
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Gifts that do not count toward this pledge yet (one counting elsewhere would move).
  const others = gifts.filter((g) => g.pledgeId !== pledge.id);

  const link = async () => {
    const gift = others.find((g) => `${g.kind}:${g.id}` === chosen);
    if (!gift) {
      setError(m.shared_pledges_gift());
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await linkGift(pledge.id, { kind: gift.kind, id: gift.id });
      toast.success(m.pledges_linked());
      setChosen('');
      await onChange();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  // Removing asks first, in place (no dialog: its code and style would join every member's
  // entry for one button); focus goes to 'Keep it', so a stray Enter keeps the pledge.
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keepRef.current?.focus();
  }, [asking]);

  const remove = async () => {
    setRemoving(true);
    try {
      await deletePledge(pledge.id);
      toast.success(m.pledges_removed());
      setAsking(false);
      await onChange();
    } catch (e) {
      toast.error(messageOf(e));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <li className="card pledge-item" aria-labelledby={`${id}-name`}>
      <div className="pledge-item-top">
        <h3 id={`${id}-name`}>{pledgeName(pledge)}</h3>
        <span className="muted">{m.pledges_by_date({ date: formatDate(pledge.dueOn) })}</span>
      </div>
      <PledgeProgress pledge={pledge} />
      <p className="pledge-facts muted">
        {m.pledges_gifts_counted({ count: pledge.gifts.length })} ·{' '}
        {PLEDGE_RHYTHM_LABELS[pledge.rhythm]}
      </p>
      <div className="pledge-actions">
        {others.length > 0 && (
          <>
            <FieldBox id={`${id}-gift`} label={m.pledges_count_gift()}>
              {(w) => (
                <select
                  {...w}
                  {...wireField(w.id, error)}
                  value={chosen}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  <option value="">{m.pledges_choose_gift()}</option>
                  {others.map((g) => (
                    <option key={`${g.kind}:${g.id}`} value={`${g.kind}:${g.id}`}>
                      {typeLabel(g.type)} {formatGhs(g.amount)},{' '}
                      {formatDate(g.createdAt.slice(0, 10))}
                      {g.pledgeId ? ` ${m.pledges_counted_elsewhere()}` : ''}
                    </option>
                  ))}
                </select>
              )}
            </FieldBox>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-disabled={busy || undefined}
              aria-describedby={`${id}-name`}
              onClick={() => void (busy ? undefined : link())}
            >
              {m.pledges_count_it()}
            </button>
          </>
        )}
        {!asking && (
          <button
            type="button"
            className="button button-secondary button-small button-danger"
            aria-describedby={`${id}-name`}
            onClick={() => setAsking(true)}
          >
            {m.pledges_remove()}
          </button>
        )}
      </div>
      <FieldError id={`${id}-gift-error`} message={error ?? undefined} />
      {asking && (
        <div className="pledge-confirm" role="group" aria-labelledby={`${id}-ask`}>
          <p id={`${id}-ask`}>{m.pledges_remove_question({ name: pledgeName(pledge) })}</p>
          <div className="pledge-actions">
            <button
              type="button"
              className="button button-small button-danger"
              aria-disabled={removing || undefined}
              onClick={() => void (removing ? undefined : remove())}
            >
              {removing ? m.pledges_removing() : m.pledges_yes_remove()}
            </button>
            <button
              ref={keepRef}
              type="button"
              className="button button-secondary button-small"
              onClick={() => setAsking(false)}
            >
              {m.pledges_keep()}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
