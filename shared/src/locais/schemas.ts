import { z } from 'zod';
import { idFromText, idNumber, trimmed, version } from '../common';

export const localCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  sectorId: idNumber('Selecione um setor.'),
  municipalityId: z.unknown().optional(),
});
export const localUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  sectorId: idNumber('Selecione um setor.').optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export const localListQuery = z.strictObject({ sectorId: idFromText('Setor inválido.').optional() });
export type LocalCreate = z.infer<typeof localCreateBody>;
export type LocalUpdate = z.infer<typeof localUpdateBody>;
