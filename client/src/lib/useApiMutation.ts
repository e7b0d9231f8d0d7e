import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './http';
import { toast } from './toast';

/** Text from the answer or the variables (e.g. "created" vs "updated" by whether a record was given). */
type Text<TData, TVars> = string | ((data: TData, vars: TVars) => string);

export interface ApiMutationOptions<TData, TVars, TForm extends FieldValues> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Success toast (spec §8), with its optional title. */
  success?: Text<TData, TVars>;
  successTitle?: string;
  /** Failure toast when the server gave no message (network, time-out); the server's message wins otherwise. */
  failure?: string | ((vars: TVars) => string);
  /** Refetched after a success and after a 409 / 404 (the list on screen is stale). */
  invalidate?: QueryKey[];
  /** Refetched after a 409 / 404 only (a success patches the cache itself). */
  stale?: QueryKey[];
  /** The server's `fields` go onto these inputs (`map` renames a body field to its input). */
  form?: { setError: UseFormSetError<TForm>; map?: (field: string) => string };
  /** A 409 (saved by someone else since this loaded): handled here instead of the error toast. */
  onConflict?: (err: ApiError, vars: TVars) => void;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (err: unknown, vars: TVars) => void;
  onSettled?: () => void;
}

/** Puts the server's `{ error: { fields } }` messages onto the form's inputs; true when any was put. */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  map: (field: string) => string = (f) => f,
): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  for (const [field, message] of Object.entries(err.fields))
    setError(map(field) as Path<T>, { type: 'server', message });
  return Object.keys(err.fields).length > 0;
}

/** The error toast of spec §8: titled 'Erro', the server's message, or `fallback` when the server said nothing. */
export function toastFailure(err: unknown, fallback?: string) {
  if (fallback && (!(err instanceof ApiError) || err.status === 0 || !err.message)) toast.error(fallback);
  else toast.fromError(err, fallback);
}

/**
 * TanStack `useMutation` with what every screen repeated: the pt-BR success toast, the error toast,
 * server field errors onto the form, a refetch of the stale list, and 409 handed to `onConflict`.
 * `isPending` replaces hand-kept `saving` flags.
 */
export function useApiMutation<TData, TVars = void, TForm extends FieldValues = FieldValues>(
  options: ApiMutationOptions<TData, TVars, TForm>,
): UseMutationResult<TData, unknown, TVars> {
  const qc = useQueryClient();
  const refetch = (keys: QueryKey[] = []) => {
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
  };
  return useMutation<TData, unknown, TVars>({
    mutationFn: options.mutationFn,
    onSuccess: (data, vars) => {
      refetch(options.invalidate);
      const text = typeof options.success === 'function' ? options.success(data, vars) : options.success;
      if (text) toast.success(text, options.successTitle);
      options.onSuccess?.(data, vars);
    },
    onError: (err, vars) => {
      const status = err instanceof ApiError ? err.status : 0;
      if (status === 409 || status === 404) refetch([...(options.invalidate ?? []), ...(options.stale ?? [])]);
      if (status === 409 && options.onConflict) options.onConflict(err as ApiError, vars);
      else {
        if (options.form) applyFieldErrors(err, options.form.setError, options.form.map);
        const fallback = typeof options.failure === 'function' ? options.failure(vars) : options.failure;
        toastFailure(err, fallback);
      }
      options.onError?.(err, vars);
    },
    onSettled: () => options.onSettled?.(),
  });
}
