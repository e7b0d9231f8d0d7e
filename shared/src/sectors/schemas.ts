import { z } from 'zod';
import { trimmed, version } from '../common';

export const sectorCode = z
  .string({ error: 'O código é obrigatório.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, { error: 'O código deve ter exatamente 2 letras ou números.' });

export const sectorCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  code: sectorCode,
  /** The spec's client sends a fixed municipality id: accepted and ignored. */
  municipalityId: z.unknown().optional(),
});
export const sectorUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  code: sectorCode.optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export type SectorCreate = z.infer<typeof sectorCreateBody>;
export type SectorUpdate = z.infer<typeof sectorUpdateBody>;
