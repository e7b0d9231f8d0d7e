import { locais } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may change which location: any of their municipality's (reading is open to `locais:read`). */
export const localAccess = {
  'local.manage': ownedBy(locais),
};
