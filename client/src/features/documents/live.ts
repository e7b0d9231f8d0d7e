import { refetchSoon } from '../../components/register';
import type { LiveHandlers } from '../../lib/feature';
import { documentKeys } from './keys';

/** A document added or removed anywhere in the municipality refetches the pages on screen (order and totals shift). */
export const live: LiveHandlers = {
  'document.created': (_e, { queryClient }) => refetchSoon(queryClient, documentKeys.all),
  'document.deleted': (_e, { queryClient }) => refetchSoon(queryClient, documentKeys.all),
};
