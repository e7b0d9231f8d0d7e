import { imovelFields, imoveis } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/**
 * Every user of a municipality reads all of its properties; whether a `usuario` may change one (its
 * responsible sector must be one of theirs) is decided by the command (403, since they can see it).
 */
export const imovelAccess = {
  'imovel.read': ownedBy(imoveis),
  'imovel.write': ownedBy(imoveis),
  'imovelField.manage': ownedBy(imovelFields),
};
