import { exportTemplates } from '../../db/schema';
import { and, inArray, isNull, or } from 'drizzle-orm';
import { ownedBy, type AccessRule } from '../../tenancy/rules';
import { ofTenant } from '../../tenancy/scope';

/** Read: the municipality's own templates and the installation's ('modelo do sistema'). */
const usable: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: exportTemplates.id })
    .from(exportTemplates)
    .where(
      and(
        or(ofTenant(exportTemplates, scope), isNull(exportTemplates.municipalityId)),
        inArray(exportTemplates.id, ids.map(Number)),
      ),
    );
  return rows.map((r) => r.id);
};

/** Who may read or change which export template: change their municipality's, read those and the installation's. */
export const exportacaoAccess = {
  'exportTemplate.manage': ownedBy(exportTemplates),
  'exportTemplate.read': usable,
};
