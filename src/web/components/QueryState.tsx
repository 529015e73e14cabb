import type { ReactElement, ReactNode } from 'react';
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
  /** While the data loads: a text is the spinner's label; an element (a PageLoading) as it is. */
  loading?: string | ReactElement;
  /** What could not be loaded (LoadFailed's message); the error's reason follows it. */
  failed: string;
  /** When the query is the whole screen: a failure is drawn as a page under this heading. */
  failedHeading?: string;
  /** Whether the data is empty: then `empty` is drawn instead of the children. */
  isEmpty?: (data: D) => boolean;
  /** A text is drawn as a muted card; anything else as it is. */
  empty?: ReactNode;
  children: (data: D) => ReactNode;
}

/**
 * A screen's data in its states: a spinner while it loads, LoadFailed (with a retry) when it
 * did not arrive, `empty` when there is nothing, else the children. The one way a screen draws
 * them (issue 49): a screen that writes its own says why beside it.
 */
export function QueryState<D>({
  query,
  loading,
  failed,
  failedHeading,
  isEmpty,
  empty,
  children,
}: QueryStateProps<D>) {
  if (query.isPending) return typeof loading === 'object' ? loading : <Spinner label={loading} />;
  if (query.isError || query.data === undefined) {
    const alert = (
      <LoadFailed
        message={failed}
        reason={query.error?.message}
        onRetry={() => void query.refetch()}
      />
    );
    return failedHeading === undefined ? (
      alert
    ) : (
      <section className="page narrow-page">
        <h1>{failedHeading}</h1>
        {alert}
      </section>
    );
  }
  if (isEmpty?.(query.data))
    return typeof empty === 'string' ? <p className="card muted">{empty}</p> : empty;
  return children(query.data);
}
