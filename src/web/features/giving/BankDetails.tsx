import type { ChurchInfo } from '../../../shared/schemas/church.ts';
import { m } from '../../../paraglide/messages.js';

type Bank = ChurchInfo['giving']['banks']['fidelity'];

/** Spec §2/§3: the fixed details a member needs to make the transfer. */
export function BankDetails({ details }: { details: Bank }) {
  return (
    <dl className="bank-details" aria-label={m.giving_bank_details_label({ bank: details.label })}>
      <div>
        <dt>{m.giving_account_name()}</dt>
        <dd>{details.accountName}</dd>
      </div>
      <div>
        <dt>{m.giving_account_number()}</dt>
        <dd className="bank-account-number">{details.accountNumber}</dd>
      </div>
      <div>
        <dt>{m.giving_branch()}</dt>
        <dd>{details.branch}</dd>
      </div>
    </dl>
  );
}
