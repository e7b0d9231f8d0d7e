import { assetFormFields } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may change which asset form field: any of their municipality's. */
export const formFieldAccess = {
  'formField.manage': ownedBy(assetFormFields),
};
