import type { LiveHandlers } from '../../lib/feature';
import { suCatalogKeys } from './keys';

/** Another superuser's change: the open lists refetch. */
export const live: LiveHandlers = {
  'catalog.changed': (e, { queryClient }) => {
    if (e.data.catalog === 'asset-form-fields') void queryClient.invalidateQueries({ queryKey: suCatalogKeys.fields });
  },
  'exportTemplate.changed': (_e, { queryClient }) =>
    void queryClient.invalidateQueries({ queryKey: suCatalogKeys.templates }),
};
