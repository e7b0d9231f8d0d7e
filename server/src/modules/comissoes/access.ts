import { comissoes } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may open or change which commission: any of their municipality's. */
export const comissaoAccess = {
  'comissao.own': ownedBy(comissoes),
};
