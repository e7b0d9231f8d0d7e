import { z } from 'zod';
import { PERMISSIONS, ROLES, idNumber } from '@tombo/shared';

/** Request schemas of the superuser API that no other area shares. */
export const roleParam = z.strictObject({ role: z.enum(ROLES, { error: 'Perfil inválido.' }) });
export const permissionsBody = z.strictObject({
  permissions: z.array(z.enum(PERMISSIONS, { error: 'Permissão inválida.' })).max(PERMISSIONS.length),
});
export const publicSearchBody = z.strictObject({
  municipalityId: idNumber('Informe o município.'),
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});
