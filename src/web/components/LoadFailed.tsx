import { m } from '../../paraglide/messages.js';
import './LoadFailed.css';

interface LoadFailedProps {
  /** What could not be loaded, e.g. 'We could not load the sermons.' */
  message: string;
  /** The reason a person can read (an ApiError's message). */
  reason?: string;
  onRetry: () => void;
}

/** A screen's data did not arrive (often a flaky connection): say so and offer to ask again. */
export function LoadFailed({ message, reason, onRetry }: LoadFailedProps) {
  return (
    <div className="card load-failed" role="alert">
      <p className="form-alert">
        {message}
        {reason ? ` ${reason}` : ''}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {m.components_try_again()}
      </button>
    </div>
  );
}
