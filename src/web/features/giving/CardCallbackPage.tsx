import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCedis } from '../../../shared/giving.ts';
import { ApiError } from '../../api.ts';
import { PaymentHistoryLink } from '../../components/PaymentHistoryLink.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { paths } from '../../paths.ts';
import { useSession } from '../accounts/useSession.ts';
import { useGiftStatus } from './giving.api.ts';
import './giving.css';

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
    title = 'Payment not found';
    body = (
      <p>
        We could not find this card payment. If money was taken, it will show in your payment
        history once the card provider confirms it.
      </p>
    );
  } else if (!gift.data) {
    title = 'Confirming your payment...';
    body = gift.isError ? (
      <p role="alert" className="form-alert">
        We could not reach the server to confirm your payment.{' '}
        <button type="button" className="button button-small" onClick={() => void gift.refetch()}>
          Try again
        </button>
      </p>
    ) : (
      <Spinner label="Checking with the card provider..." />
    );
  } else {
    const amount = `GHS ${formatCedis(gift.data.amount)}`;
    switch (gift.data.status) {
      case 'success':
        title = 'Payment Received';
        body = (
          <p className="payment-outcome payment-outcome-success">
            Thank you! Your card payment of {amount} was received.
          </p>
        );
        break;
      case 'failed':
      case 'abandoned':
        title = 'Payment Failed';
        body = (
          <p className="payment-outcome payment-outcome-failed">
            Your card payment of {amount} did not go through. No gift was recorded.
          </p>
        );
        break;
      default:
        title = 'Confirming your payment...';
        body = gift.gaveUp ? (
          <p className="payment-outcome">
            The card provider has not confirmed your payment of {amount} yet. It will show in your
            payment history once it does.
          </p>
        ) : (
          <Spinner label={`Checking your payment of ${amount} with the card provider...`} />
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
            Home
          </Link>
          {gift.data?.status === 'failed' || gift.data?.status === 'abandoned' ? (
            <Link className="button button-secondary button-block" to={paths.offerings}>
              Try Again
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
