import { useId, useState, type FormEvent } from 'react';
import { m } from '../../../paraglide/messages.js';
import {
  RECEIPT_CHANNEL_LABELS,
  receiptChannelsFor,
  type ReceiptChannel,
} from '../../../shared/receipt-channels.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { ApiError } from '../../api.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { Choice } from '../../components/Choice.tsx';
import { FlashMessage } from './FlashMessage.tsx';
import { saveReceiptChannel } from './profile.api.ts';
import { useFlashMessage } from './useFlashMessage.ts';

/**
 * How receipts and codes reach the member (issue 32): email, SMS to the proved phone, or both,
 * of the channels they can receive on (decision 054). With only one, it is said, not asked.
 */
export function ReceiptChannelForm({ profile }: { profile: Profile }) {
  const offered = receiptChannelsFor(profile);
  if (offered.length > 1) return <ChannelChoice profile={profile} offered={offered} />;
  return (
    <p className="muted" data-testid="receipt-channel">
      {profile.email
        ? m.profile_receipt_only_email({ email: profile.email })
        : m.profile_receipt_only_sms({ phone: formatShown(profile) })}
    </p>
  );
}

/** The proved phone as the profile writes it (the phone section shows the same). */
const formatShown = (profile: Profile) =>
  profile.signInPhone === profile.phoneNumber
    ? (profile.phoneDisplay ?? profile.signInPhone ?? '')
    : (profile.signInPhone ?? '');

function ChannelChoice({ profile, offered }: { profile: Profile; offered: ReceiptChannel[] }) {
  const id = useId();
  const [channel, setChannel] = useState<ReceiptChannel>(profile.receiptChannel);
  const [busy, setBusy] = useState(false);
  const { flash, show } = useFlashMessage();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { message } = await saveReceiptChannel(channel);
      show(message, 'success');
    } catch (error) {
      show(
        error instanceof ApiError
          ? (error.fields?.channel ?? error.message)
          : m.profile_error_occurred(),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="choice-field">
        <legend>{m.profile_receipt_legend()}</legend>
        {offered.map((value) => (
          <Choice
            key={value}
            type="radio"
            name={`${id}-channel`}
            value={value}
            checked={channel === value}
            onChange={() => setChannel(value)}
            label={RECEIPT_CHANNEL_LABELS[value]}
          />
        ))}
      </fieldset>
      <SubmitButton busy={busy} busyLabel={m.profile_receipt_saving()}>
        {m.profile_confirm_choice()}
      </SubmitButton>
      <FlashMessage id={`${id}-message`} flash={flash} />
    </form>
  );
}
