import type { LiveHandlers } from '../../lib/feature';
import { imovelRelatorioKeys } from './keys';

/** A template created, changed or deleted by anyone of the municipality: lists and editors refetch. */
export const live: LiveHandlers = {
  'imovelReportTemplate.changed': (e, { queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: imovelRelatorioKeys.templates, exact: true });
    if (!e.data.removed) void queryClient.invalidateQueries({ queryKey: imovelRelatorioKeys.template(e.data.id) });
  },
};
