import { useId } from 'react';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { ReceiptChannelForm } from './ReceiptChannelForm.tsx';
import { SignInPhoneForm } from './SignInPhoneForm.tsx';

/**
 * The profile's phone sections (issue 32), loaded after the details: where receipts and codes
 * go, and the phone proved by SMS to log in with and be known by on USSD.
 */
export function PhoneSections({ profile }: { profile: Profile }) {
  const id = useId();
  return (
    <>
      <section className="card" aria-labelledby={`${id}-receipts`}>
        <h2 id={`${id}-receipts`}>Receipts, codes and notices</h2>
        <ReceiptChannelForm profile={profile} />
      </section>
      <section className="card" aria-labelledby={`${id}-phone`}>
        <h2 id={`${id}-phone`}>Phone for login and USSD</h2>
        <SignInPhoneForm profile={profile} />
      </section>
    </>
  );
}
