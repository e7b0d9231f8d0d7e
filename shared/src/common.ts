import { z } from 'zod';

export const idParam = z.strictObject({ id: z.coerce.number().int().positive({ error: 'Identificador inválido.' }) });
export type IdParam = z.infer<typeof idParam>;

export const trimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} é obrigatório.` })
    .trim()
    .min(1, { error: `${label} é obrigatório.` })
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` });

/** Optimistic-concurrency version carried by every mutable record. */
export const version = z.number({ error: 'Versão inválida.' }).int().nonnegative();

/** Event envelope of every live event (DESIGN §5). */
export interface LiveEvent<T = unknown> {
  id: string;
  municipalityId: number | null;
  actor: { id: number; name: string } | null;
  at: string;
  data: T;
}
