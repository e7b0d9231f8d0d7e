import { relatorioConfigs, relatorioTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/**
 * Templates: those of the scope's municipality. Configs: the municipality's here; that a config is the
 * caller's own is checked by its queries and commands (a scope does not say who asks), also as 404.
 */
export const relatorioAccess = {
  'reportTemplate.read': ownedBy(relatorioTemplates),
  'reportTemplate.manage': ownedBy(relatorioTemplates),
  'reportConfig.own': ownedBy(relatorioConfigs),
};
