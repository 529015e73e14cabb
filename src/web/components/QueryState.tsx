import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed.tsx';
import { Spinner } from './Spinner.tsx';

/** What QueryState reads of a query (TanStack Query's result has it). */
export interface QueryLike<D> {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: D | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<D> {
  query: QueryLike<D>;
  /** The spinner's label while the data loads. */
  loading?: string;
  /** What could not be loaded (LoadFailed's message); the error's reason follows it. */
  failed: string;
  /** Whether the data is empty: then `empty` is drawn instead of the children. */
  isEmpty?: (data: D) => boolean;
  /** A text is drawn as a muted card; anything else as it is. */
  empty?: ReactNode;
  children: (data: D) => ReactNode;
}

/**
 * A screen's data in its states: a spinner while it loads, LoadFailed (with a retry) when it
 * did not arrive, `empty` when there is nothing, else the children.
 */
export function QueryState<D>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  children,
}: QueryStateProps<D>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined)
    return (
      <LoadFailed
        message={failed}
        reason={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
  if (isEmpty?.(query.data))
    return typeof empty === 'string' ? <p className="card muted">{empty}</p> : empty;
  return children(query.data);
}
