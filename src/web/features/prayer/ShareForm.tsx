import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { m } from '../../../paraglide/messages.js';
import {
  checkPrayerForm,
  PRAYER_TEXT_MAX,
  PRAYER_VISIBILITIES,
  type PrayerForm,
  type PrayerVisibility,
} from '../../../shared/prayer.ts';
import { ApiError, messageOf } from '../../api.ts';
import { Choice } from '../../components/Choice.tsx';
import { FieldBox } from '../../components/FieldBox.tsx';
import { describedBy, FieldError } from '../../components/FieldError.tsx';
import { toast } from '../../components/Toasts.tsx';
import { formDraft, readFormDraft, useFormDraft } from '../../use-draft.ts';
import { createPrayer, prayerKeys } from './prayer.api.ts';

// The wall's share form (decision 036), and its draft (issue 48).

/** The share form's choices, in the member's own words. */
const visibilityLabel = (visibility: PrayerVisibility) =>
  ({
    church: m.prayer_visibility_church(),
    assembly: m.prayer_visibility_assembly(),
    pastors: m.prayer_audience_pastors(),
  })[visibility];

/** What a reload keeps of the form (issue 48): all of it. */
const SHARE_DRAFT = formDraft<PrayerForm>('prayer', {
  text: '',
  visibility: 'church',
  anonymous: false,
});

/**
 * 'Share a prayer request': a button that opens the form, so the wall comes first; open at
 * once when a reload came while it was being written.
 */
export function Share() {
  const id = useId();
  const [open, setOpen] = useState(() => readFormDraft(SHARE_DRAFT) !== null);
  const openerRef = useRef<HTMLButtonElement>(null);
  return open ? (
    <ShareForm
      onClose={() => {
        // The button is drawn before it is focused: a frame's wait raced the render under
        // load (the form was still there, and focus was lost).
        flushSync(() => setOpen(false));
        openerRef.current?.focus();
      }}
    />
  ) : (
    <button
      ref={openerRef}
      type="button"
      id={`${id}-open`}
      className="button button-block"
      aria-expanded="false"
      onClick={() => setOpen(true)}
    >
      {m.prayer_share()}
    </button>
  );
}

function ShareForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => readFormDraft(SHARE_DRAFT) ?? SHARE_DRAFT.empty);
  const { text, visibility, anonymous } = form;
  const dropDraft = useFormDraft(SHARE_DRAFT, form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Cancel gives the request up: its draft goes too.
  const close = () => {
    dropDraft();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = checkPrayerForm({ text, visibility, anonymous });
    if (!check.ok) {
      setErrors(check.errors);
      document.getElementById(`${id}-${Object.keys(check.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = await createPrayer({ text, visibility, anonymous });
      toast.success(
        made.status === 'pending' ? m.shared_prayer_held() : m.shared_prayer_shared_with_pastors(),
      );
      await queryClient.invalidateQueries({ queryKey: prayerKeys.wall });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setErrors({ _: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);

  const left = PRAYER_TEXT_MAX - text.trim().length;
  return (
    <form
      className="form card prayer-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="prayer-form-title">
        {m.prayer_share()}
      </h2>
      {errors._ && (
        <p className="form-alert" role="alert">
          {errors._}
        </p>
      )}
      <FieldBox id={`${id}-text`} label={m.prayer_your_request()} error={errors.text}>
        {(w) => (
          <>
            <textarea
              ref={textRef}
              {...w}
              rows={3}
              value={text}
              aria-describedby={describedBy(`${id}-count`, errors.text && `${id}-text-error`)}
              onChange={(e) => setForm({ ...form, text: e.target.value })}
            />
            <p
              id={`${id}-count`}
              className={left < 0 ? 'field-hint field-error' : 'field-hint muted'}
            >
              {left >= 0
                ? m.prayer_chars_left({ count: left })
                : m.prayer_chars_over({ count: -left })}
            </p>
          </>
        )}
      </FieldBox>
      <fieldset
        className="choice-field"
        id={`${id}-visibility`}
        tabIndex={-1}
        aria-describedby={describedBy(`${id}-who-hint`, errors.visibility && `${id}-who-error`)}
      >
        <legend>{m.prayer_who_may_see()}</legend>
        <div className="choice-list">
          {PRAYER_VISIBILITIES.map((value) => (
            <Choice
              key={value}
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={visibility === value}
              onChange={() => setForm({ ...form, visibility: value })}
              label={visibilityLabel(value)}
            />
          ))}
        </div>
        <p id={`${id}-who-hint`} className="field-hint muted">
          {visibility === 'pastors' ? m.prayer_pastors_see() : m.prayer_shows_after()}
        </p>
        <FieldError id={`${id}-who-error`} message={errors.visibility} />
      </fieldset>
      <Choice
        type="checkbox"
        className="prayer-anonymous"
        checked={anonymous}
        onChange={(e) => setForm({ ...form, anonymous: e.target.checked })}
        label={m.prayer_hide_name()}
      />
      <div className="prayer-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? m.prayer_sharing() : m.prayer_share_request()}
        </button>
        <button type="button" className="button button-secondary" onClick={close}>
          {m.prayer_cancel()}
        </button>
      </div>
    </form>
  );
}
