import { documents } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Which documents a scope may download or delete: its municipality's (the permission says who may delete). */
export const documentAccess = {
  'document.read': ownedBy(documents),
  'document.manage': ownedBy(documents),
};
