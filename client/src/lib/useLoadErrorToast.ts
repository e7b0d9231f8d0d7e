import { useEffect } from 'react';
import { toast } from './toast';

/** Shows `message` as an error toast each time a query fails (spec §8 load failures). */
export function useLoadErrorToast(isError: boolean, errorUpdatedAt: number, message: string) {
  useEffect(() => {
    if (isError) toast.error(message);
  }, [isError, errorUpdatedAt, message]);
}
