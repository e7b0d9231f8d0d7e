import { etiquetaTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may change which label template: any of their municipality's (the role decides whether they may write). */
export const etiquetaAccess = {
  'labelTemplate.manage': ownedBy(etiquetaTemplates),
};
