import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { m } from '../../paraglide/messages.js';

interface PaymentHistoryLinkProps {
  /** The button look: secondary by default. */
  primary?: boolean;
  /** Full width, as in the giving screens' action rows. */
  block?: boolean;
}

/**
 * 'Payment History' where members look for it (issue 30): the end of every gift, the profile,
 * the card return page.
 */
export function PaymentHistoryLink({ primary = false, block = true }: PaymentHistoryLinkProps) {
  const className = ['button', !primary && 'button-secondary', block && 'button-block']
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={className} to={paths.paymentHistory}>
      {m.components_payment_history()}
    </Link>
  );
}
