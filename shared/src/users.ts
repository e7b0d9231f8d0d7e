import { z } from 'zod';
import { ROLES, type Role } from './roles';
import { passwordSchema } from './auth';
import { idNumber, trimmed, version } from './common';

const roleSchema = z.enum(ROLES, { error: 'Perfil inválido.' });
const email = z.email({ error: 'Informe um e-mail válido.' }).trim().toLowerCase().max(254);

export const userCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  email,
  password: passwordSchema,
  role: roleSchema,
  avatarUrl: z.string().max(2000).nullable().optional(),
  sectorIds: z.array(idNumber('Setor inválido.')).max(200).optional(),
  /** Only the superuser may set it; everyone else's users belong to their own municipality. */
  municipalityId: idNumber('Município inválido.').nullable().optional(),
});
export const userUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  email: email.optional(),
  password: passwordSchema.optional(),
  role: roleSchema.optional(),
  avatarUrl: z.string().max(2000).nullable().optional(),
  sectorIds: z.array(idNumber('Setor inválido.')).max(200).optional(),
  lockoutUntil: z.null().optional(),
  failedLoginAttempts: z.literal(0).optional(),
  municipalityId: idNumber('Município inválido.').nullable().optional(),
  version: version.optional(),
});
export type UserCreate = z.infer<typeof userCreateBody>;
export type UserUpdate = z.infer<typeof userUpdateBody>;

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatarUrl: string | null;
  municipalityId: number | null;
  sectorIds: number[];
  lockoutUntil: string | null;
  failedLoginAttempts: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
