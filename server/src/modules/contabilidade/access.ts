import { contasContabeis } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Which account of the chart one may change: any of their municipality's. */
export const contabilidadeAccess = {
  'contaContabil.manage': ownedBy(contasContabeis),
};
