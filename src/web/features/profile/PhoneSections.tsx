import { useId } from 'react';
import { m } from '../../../paraglide/messages.js';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { ReceiptChannelForm } from './ReceiptChannelForm.tsx';
import { SignInPhoneForm } from './SignInPhoneForm.tsx';

/**
 * The profile's sections loaded after the details: the member's language (decision 043), where
 * receipts and codes go, and the phone proved by SMS to log in with and be known by on USSD
 * (issue 32).
 */
export function PhoneSections({ profile }: { profile: Profile }) {
  const id = useId();
  return (
    <>
      <section className="card" aria-labelledby={`${id}-language`}>
        <h2 id={`${id}-language`}>{m.language_label()}</h2>
        <p className="muted">{m.language_intro()}</p>
        <LanguageSwitch />
      </section>
      <section className="card" aria-labelledby={`${id}-receipts`}>
        <h2 id={`${id}-receipts`}>{m.profile_receipts_title()}</h2>
        <ReceiptChannelForm profile={profile} />
      </section>
      <section className="card" aria-labelledby={`${id}-phone`}>
        <h2 id={`${id}-phone`}>{m.profile_phone_title()}</h2>
        <SignInPhoneForm profile={profile} />
      </section>
    </>
  );
}
