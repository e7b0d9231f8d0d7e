import { imovelReportTemplates } from '../../db/schema';
import { ownedBy } from '../../tenancy/rules';

/** Property report templates: those of the scope's municipality (another one's: 404). */
export const imovelRelatorioAccess = {
  'imovelReportTemplate.read': ownedBy(imovelReportTemplates),
  'imovelReportTemplate.manage': ownedBy(imovelReportTemplates),
};
