import { sectors } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may use which sector: any of their municipality's (reading sectors is open to every role). */
export const sectorAccess = {
  'sector.manage': ownedBy(sectors),
};
