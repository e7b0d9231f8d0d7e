import { fichaTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may use which record-sheet template: any of their municipality's (the role decides read or write). */
export const fichaAccess = {
  'fichaTemplate.use': ownedBy(fichaTemplates),
};
