import { tiposBens } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may change which asset type: any of their municipality's. */
export const tipoBemAccess = {
  'tipoBem.manage': ownedBy(tiposBens),
};
