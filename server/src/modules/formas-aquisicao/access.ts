import { formasAquisicao } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may change which acquisition form: any of their municipality's. */
export const formaAquisicaoAccess = {
  'formaAquisicao.manage': ownedBy(formasAquisicao),
};
