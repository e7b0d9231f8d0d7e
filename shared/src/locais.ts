import { z } from 'zod';
import { trimmed, version } from './common';

export const localCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  sectorId: z.number({ error: 'Selecione um setor.' }).int().positive({ error: 'Selecione um setor.' }),
  municipalityId: z.unknown().optional(),
});
export const localUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  sectorId: z.number({ error: 'Selecione um setor.' }).int().positive().optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export const localListQuery = z.strictObject({ sectorId: z.coerce.number().int().positive().optional() });
export type LocalCreate = z.infer<typeof localCreateBody>;
export type LocalUpdate = z.infer<typeof localUpdateBody>;

export interface Local {
  id: number;
  name: string;
  sectorId: number;
  sectorName: string;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface LocalList {
  locais: Local[];
  total: number;
}
