import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatGhs } from '../../../shared/format.ts';
import { ApiError } from '../../api.ts';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../../core/useSession.ts';
import { useGiftStatus } from './giving.api.ts';
import './giving.css';
import { m } from '../../../paraglide/messages.js';

/**
 * Where the card provider sends the member back (?reference=…). The page believes only our
 * server, which verifies the payment with the provider before it says success.
 */
export function CardCallbackPage() {
  const id = useId();
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const gift = useGiftStatus(reference);
  const { status: session } = useSession();

  let title: string;
  let body;
  if (!reference || (gift.error instanceof ApiError && gift.error.status === 404)) {
    title = m.giving_card_not_found_title();
    body = <p>{m.giving_card_not_found()}</p>;
  } else if (!gift.data) {
    title = m.giving_card_confirming_title();
    body = gift.isError ? (
      <p role="alert" className="form-alert">
        {m.giving_card_unreachable()}{' '}
        <button type="button" className="button button-small" onClick={() => void gift.refetch()}>
          {m.giving_try_again()}
        </button>
      </p>
    ) : (
      <Spinner label={m.giving_card_checking()} />
    );
  } else {
    const amount = formatGhs(gift.data.amount);
    switch (gift.data.status) {
      case 'success':
        title = m.giving_paid_title();
        body = (
          <p className="payment-outcome payment-outcome-success">
            {m.giving_card_paid({ amount })}
          </p>
        );
        break;
      case 'failed':
      case 'abandoned':
        title = m.giving_failed_title();
        body = (
          <p className="payment-outcome payment-outcome-failed">
            {m.giving_card_failed({ amount })}
          </p>
        );
        break;
      default:
        title = m.giving_card_confirming_title();
        body = gift.gaveUp ? (
          <p className="payment-outcome">{m.giving_card_not_confirmed({ amount })}</p>
        ) : (
          <Spinner label={m.giving_card_checking_amount({ amount })} />
        );
    }
  }

  return (
    <section className="page narrow-page card-callback" aria-labelledby={`${id}-title`}>
      <div className="card">
        <h1 id={`${id}-title`}>{title}</h1>
        <div aria-live="polite">{body}</div>
        <div className="processing-actions">
          <Link className="button button-block" to={paths.memberHome}>
            {m.giving_home()}
          </Link>
          {gift.data?.status === 'failed' || gift.data?.status === 'abandoned' ? (
            <Link className="button button-secondary button-block" to={paths.offerings}>
              {m.giving_retry()}
            </Link>
          ) : (
            // A member's own, or a guest's on this device (decision 029).
            (session === 'member' || session === 'guest') && <PaymentHistoryLink />
          )}
        </div>
      </div>
    </section>
  );
}
