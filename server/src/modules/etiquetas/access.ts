import { labelTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may use which label template: any of their municipality's (the role decides read or write). */
export const etiquetaAccess = {
  'labelTemplate.read': ownedBy(labelTemplates),
  'labelTemplate.manage': ownedBy(labelTemplates),
};
