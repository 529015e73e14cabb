import type { ChurchInfo } from '../../../shared/schemas/church.ts';

type Bank = ChurchInfo['giving']['banks']['fidelity'];

/** Spec §2/§3: the fixed details a member needs to make the transfer. */
export function BankDetails({ details }: { details: Bank }) {
  return (
    <dl className="bank-details" aria-label={`${details.label} account details`}>
      <div>
        <dt>Account name</dt>
        <dd>{details.accountName}</dd>
      </div>
      <div>
        <dt>Account number</dt>
        <dd className="bank-account-number">{details.accountNumber}</dd>
      </div>
      <div>
        <dt>Branch</dt>
        <dd>{details.branch}</dd>
      </div>
    </dl>
  );
}
