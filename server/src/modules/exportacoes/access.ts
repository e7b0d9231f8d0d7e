import { exportTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may read or change which export template: any of their municipality's. */
export const exportacaoAccess = {
  'exportTemplate.manage': ownedBy(exportTemplates),
};
