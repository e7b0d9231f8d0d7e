import { useState } from 'react';
import { toastFailure } from '../../../lib/useApiMutation';
import { toast } from '../../../lib/toast';

/** Why the record on screen is no longer the stored one. */
export type RemoteChange = 'updated' | 'deleted' | 'removed' | null;

interface Versioned {
  id: number;
  version: number;
}

/**
 * The edited record's base version and what happened to it meanwhile: a live update from someone else, a 409
 * on save, or its removal. Nothing is overwritten silently: `reload` fetches the stored version and resets the
 * form to it when the person asks.
 */
export function useRecordEditing<R extends Versioned>(
  initial: R | null,
  opts: { fetch: (id: number) => Promise<R>; apply: (fresh: R) => void; reloadedText: string },
) {
  const [base, setBase] = useState<R | null>(initial);
  const [conflict, setConflict] = useState<string | null>(null);
  const [remote, setRemote] = useState<RemoteChange>(null);

  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await opts.fetch(base.id);
      setBase(fresh);
      opts.apply(fresh);
      setConflict(null);
      setRemote(null);
      toast.info(opts.reloadedText);
    } catch (err) {
      toastFailure(err);
    }
  };
  /** A live update naming this record: stale when its version is newer than the one being edited. */
  const noteVersion = (id: number, version: number) => {
    if (base && id === base.id && version > base.version) setRemote('updated');
  };
  const noteGone = (id: number, why: 'deleted' | 'removed' = 'deleted') => {
    if (base && id === base.id) setRemote(why);
  };
  const gone = remote === 'deleted' || remote === 'removed';
  return { base, setBase, conflict, setConflict, remote, setRemote, reload, noteVersion, noteGone, gone };
}

export type RecordEditing<R extends Versioned> = ReturnType<typeof useRecordEditing<R>>;
