import { z } from 'zod';
import { PERMISSIONS, ROLES, idNumber, trimmed } from '@tombo/shared';

/** Request schemas of the superuser API that no other area shares. */
export const roleParam = z.strictObject({ role: z.enum(ROLES, { error: 'Perfil inválido.' }) });
export const permissionsBody = z.strictObject({
  permissions: z.array(z.enum(PERMISSIONS, { error: 'Permissão inválida.' })).max(PERMISSIONS.length),
});
export const municipalityBody = z.strictObject({ name: trimmed('Nome', 160) });
export const publicSearchBody = z.strictObject({
  municipalityId: idNumber('Informe o município.'),
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});

export const SUPERUSER_MSG = {
  municipalityTaken: 'Já existe um município com este nome.',
  municipalityNotFound: 'Município não encontrado.',
} as const;
