import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { catalogKeys } from './keys';

const KEY_OF = {
  'tipos-bens': catalogKeys.tipos,
  'formas-aquisicao': catalogKeys.formas,
  numeracao: catalogKeys.numbering,
  'asset-form-fields': catalogKeys.fields,
} as const;

const nextNumbersChanged = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: catalogKeys.nextNumbers });

/** A catalogue that changed is refetched; new assets and sector changes move the next numbers. */
export const live: LiveHandlers = {
  'catalog.changed': (e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: KEY_OF[e.data.catalog] }),
  'patrimonio.created': nextNumbersChanged,
  'patrimonio.bulk_created': nextNumbersChanged,
  'sector.created': nextNumbersChanged,
  'sector.updated': nextNumbersChanged,
  'sector.deleted': nextNumbersChanged,
};
