import { z } from 'zod';
import { trimmed, version } from '../common';
import { contasMapeamento } from '../contabilidade/schemas';

/** Percent 0–100 with at most 2 decimals; accepted as a number or a string, returned as a string ("10.00"). */
export const percent = z
  .union([z.number(), z.string().trim()], { error: 'Informe um percentual válido.' })
  .transform((v) => String(v).replace(',', '.'))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v), {
    error: 'O valor residual deve ser um percentual com no máximo 2 casas decimais.',
  })
  .refine((v) => Number(v) >= 0 && Number(v) <= 100, { error: 'O valor residual deve estar entre 0 e 100%.' });

const usefulLife = z
  .number({ error: 'A vida útil deve ser um número inteiro de meses.' })
  .int({ error: 'A vida útil deve ser um número inteiro de meses.' })
  .min(1, { error: 'A vida útil deve ser de 1 a 1200 meses.' })
  .max(1200, { error: 'A vida útil deve ser de 1 a 1200 meses.' });

// ---- Asset types (tipos de bens) ------------------------------------------------------------
export const tipoBemCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  active: z.boolean().optional(),
  usefulLifeMonths: usefulLife.nullable().optional(),
  residualValuePct: percent.nullable().optional(),
  depreciavel: z.boolean({ error: 'Informe se o tipo é depreciável.' }).optional(),
  municipalityId: z.unknown().optional(),
});
export const tipoBemUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  active: z.boolean().optional(),
  usefulLifeMonths: usefulLife.nullable().optional(),
  residualValuePct: percent.nullable().optional(),
  depreciavel: z.boolean({ error: 'Informe se o tipo é depreciável.' }).optional(),
  /** The type's accounts of the chart (issue 36); omitted = unchanged. */
  contas: contasMapeamento.optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export const catalogListQuery = z.strictObject({
  /** `true` = only active entries (form selectors); omitted = all. */
  active: z.enum(['true', 'false']).optional(),
});
/** Body of the activate/deactivate toggles: the version the user saw (a stale one is a 409). */
export const catalogToggleBody = z.strictObject({ version });
export type TipoBemCreate = z.infer<typeof tipoBemCreateBody>;
export type TipoBemUpdate = z.infer<typeof tipoBemUpdateBody>;

// ---- Acquisition forms (formas de aquisição) ------------------------------------------------
export const formaAquisicaoCreateBody = z.strictObject({
  nome: trimmed('Nome', 120),
  ativo: z.boolean().optional(),
  municipalityId: z.unknown().optional(),
});
export const formaAquisicaoUpdateBody = z.strictObject({
  nome: trimmed('Nome', 120).optional(),
  ativo: z.boolean().optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export type FormaAquisicaoCreate = z.infer<typeof formaAquisicaoCreateBody>;
export type FormaAquisicaoUpdate = z.infer<typeof formaAquisicaoUpdateBody>;
