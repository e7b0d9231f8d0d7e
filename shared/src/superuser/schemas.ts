import { z } from 'zod';
import { ROLES } from '../roles';
import { idFromText, idNumber, int4FromText, trimmed, version } from '../common';
import { userUpdateBody } from '../users';
import { SUPERUSER_MSG } from './messages';

/** The 27 federative units, with the two-digit IBGE code of each (the first two digits of its municipalities'). */
export const UF_IBGE = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
} as const; // prettier-ignore
export type Uf = keyof typeof UF_IBGE;
export const UFS = Object.keys(UF_IBGE) as [Uf, ...Uf[]];

/** True when the 14 digits of a CNPJ carry valid check digits (and are not one repeated digit). */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const dv = (base: string) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = weights.reduce((sum, w, i) => sum + w * Number(base[i]), 0) % 11;
    return String(r < 2 ? 0 : 11 - r);
  };
  const first = dv(digits.slice(0, 12));
  return first === digits[12] && dv(digits.slice(0, 12) + first) === digits[13];
}

/** 12.345.678/0001-95 from its 14 digits. */
export const formatCnpj = (d: string) =>
  d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : d;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ufSchema = z.enum(UFS, { error: SUPERUSER_MSG.uf });
export const codigoIbgeSchema = z
  .string({ error: SUPERUSER_MSG.codigoIbge })
  .trim()
  .regex(/^\d{7}$/, { error: SUPERUSER_MSG.codigoIbge });
/** A CNPJ typed with or without its punctuation, kept as its 14 digits. */
export const cnpjSchema = z
  .string({ error: SUPERUSER_MSG.cnpj })
  .trim()
  .regex(/^[\d./-]+$/, { error: SUPERUSER_MSG.cnpj })
  .transform((s) => s.replace(/\D/g, ''))
  .refine(isValidCnpj, { error: SUPERUSER_MSG.cnpj });
export const slugSchema = z
  .string({ error: SUPERUSER_MSG.slug })
  .trim()
  .min(2, { error: SUPERUSER_MSG.slug })
  .max(60, { error: SUPERUSER_MSG.slug })
  .regex(SLUG_PATTERN, { error: SUPERUSER_MSG.slug });
const adminEmail = z.email({ error: 'Informe um e-mail válido.' }).trim().toLowerCase().max(254);

/** The IBGE code must start with its UF's two digits (checked when both are present). */
const ibgeMatchesUf = (v: { uf?: Uf; codigoIbge?: string }, ctx: z.RefinementCtx) => {
  if (v.uf && v.codigoIbge && !v.codigoIbge.startsWith(UF_IBGE[v.uf]))
    ctx.addIssue({ code: 'custom', path: ['codigoIbge'], message: SUPERUSER_MSG.ibgeUf });
};

/** POST /superuser/municipalities: the municipality and its first admin, in one step. */
export const municipalityCreateBody = z
  .strictObject({
    name: trimmed('Nome', 160),
    uf: ufSchema,
    codigoIbge: codigoIbgeSchema,
    cnpj: cnpjSchema.nullable().optional(),
    slug: slugSchema,
    admin: z.strictObject(
      { name: trimmed('Nome do administrador', 120), email: adminEmail },
      { error: SUPERUSER_MSG.admin },
    ),
  })
  .superRefine(ibgeMatchesUf);
export type MunicipalityCreate = z.infer<typeof municipalityCreateBody>;

/** PUT /superuser/municipalities/:id: any field, `ativo` to deactivate or reactivate; `version` always. */
export const municipalityUpdateBody = z
  .strictObject({
    name: trimmed('Nome', 160).optional(),
    uf: ufSchema.optional(),
    codigoIbge: codigoIbgeSchema.optional(),
    cnpj: cnpjSchema.nullable().optional(),
    slug: slugSchema.optional(),
    ativo: z.boolean({ error: SUPERUSER_MSG.ativo }).optional(),
    version,
  })
  .superRefine(ibgeMatchesUf);
export type MunicipalityUpdate = z.infer<typeof municipalityUpdateBody>;

const page = int4FromText('Página inválida.').min(1, { error: 'Página inválida.' }).default(1);
const pageSize = int4FromText('Tamanho de página inválido.')
  .min(1, { error: 'Tamanho de página inválido.' })
  .max(100, { error: 'Tamanho de página inválido.' })
  .default(25);
const text = z.string().trim().max(120, { error: 'Busca muito longa.' }).optional();

/** GET /superuser/users: filters and the page. */
export const superuserUsersQuery = z.strictObject({
  municipalityId: idFromText('Município inválido.').optional(),
  role: z.enum(ROLES, { error: 'Perfil inválido.' }).optional(),
  status: z.enum(['active', 'locked'], { error: 'Situação inválida.' }).optional(),
  q: text,
  page,
  pageSize,
});
export type SuperuserUsersQuery = z.output<typeof superuserUsersQuery>;

/** PUT /superuser/users/:id: the user fields, plus `locked` (lock until unlocked / unlock). */
export const superuserUserUpdateBody = userUpdateBody.extend({
  locked: z.boolean({ error: 'Informe se o usuário fica bloqueado.' }).optional(),
});
export type SuperuserUserUpdate = z.infer<typeof superuserUserUpdateBody>;

/** GET /superuser/assets-by-user: who registered the assets, or who holds them (the users of their sector). */
export const assetsByUserQuery = z.strictObject({
  by: z.enum(['registered', 'holder'], { error: 'Agrupamento inválido.' }).default('registered'),
  municipalityId: idFromText('Município inválido.').optional(),
  q: text,
  page,
  pageSize,
});
export type AssetsByUserQuery = z.output<typeof assetsByUserQuery>;

/** PUT /superuser/public-search/installation: the installation-wide switch. */
export const publicSearchInstallationBody = z.strictObject({
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});

/** PUT /superuser/public-search: one municipality's switch. */
export const publicSearchMunicipalityBody = z.strictObject({
  municipalityId: idNumber('Informe o município.'),
  isPublicSearchEnabled: z.boolean({ error: 'Informe se a consulta pública está ativa.' }),
});

/** Days an invitation link (a first admin's set-password link) stays valid; a reset link lasts RESET_TOKEN_TTL_MINUTES. */
export const INVITATION_TTL_DAYS = 7;
