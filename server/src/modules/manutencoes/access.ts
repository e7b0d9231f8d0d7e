import { manutencoes } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Who may use which maintenance task: any of their municipality's (the role decides the verbs). */
export const manutencaoAccess = {
  'manutencao.read': ownedBy(manutencoes),
  'manutencao.manage': ownedBy(manutencoes),
};
