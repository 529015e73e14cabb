import { m } from '../../paraglide/messages.js';

interface SpinnerProps {
  /** Read out by screen readers and shown beside the spinner. */
  label?: string;
  className?: string;
}

export function Spinner({ label = m.common_loading(), className }: SpinnerProps) {
  return (
    <div className={['spinner', className].filter(Boolean).join(' ')} role="status">
      <span className="spinner-circle" aria-hidden="true" />
      <span className="spinner-label">{label}</span>
    </div>
  );
}

/** Fills the page area while a route's code or data loads. */
export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}
