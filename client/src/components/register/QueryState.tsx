import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { ApiError } from '../../lib/http';
import { EmptyState } from '../EmptyState';
import { ContentSpinner } from '../FullScreenSpinner';
import { LoadError } from '../LoadError';

/** What QueryState reads of a TanStack query. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  /** Other queries the screen needs loaded too (a retry refetches them all). */
  also?: QueryLike<unknown>[];
  /** The load failure's text (spec §8). */
  errorText: string;
  /** Shown, without a retry, when the server answers 404. */
  notFoundText?: string;
  /** No rows: `isEmpty` decides (default: an empty array), `empty` says it. */
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; description?: string; action?: ReactNode };
  /** The empty state without its outlined sheet (inside a card that has one). */
  bare?: boolean;
  /** Replaces the spinner (e.g. a skeleton). */
  loading?: ReactNode;
  /** Wraps the spinner, error and empty state (e.g. under the page header the data would fill). */
  around?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

/** The one loading / error / empty switch: a spinner, the load error with a retry, the empty state, or the data. */
export function QueryState<T>(props: Props<T>) {
  const { query, children } = props;
  const state = switchState(props);
  if (state !== undefined) return <>{props.around ? props.around(state) : state}</>;
  return <>{children(query.data as T)}</>;
}

/** The spinner, error or empty state; undefined when the data is to be shown. */
function switchState<T>({ query, also = [], errorText, notFoundText, isEmpty, empty, bare, loading }: Props<T>) {
  const all = [query, ...also];
  const failed = all.find((q) => q.isError);
  if (failed) {
    const notFound = notFoundText && failed.error instanceof ApiError && failed.error.status === 404;
    return notFound ? (
      <LoadError message={notFoundText} />
    ) : (
      <LoadError message={errorText} onRetry={() => all.forEach((q) => q.isError && void q.refetch())} />
    );
  }
  if (all.some((q) => q.isPending) || query.data === undefined) return loading ?? <ContentSpinner />;
  const data = query.data;
  const none = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (empty && none) {
    const state = <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
    return bare ? state : <Paper variant="outlined">{state}</Paper>;
  }
  return undefined;
}
