import { z } from 'zod';
import { idFromText, idNumber } from '../common';

/**
 * POST /api/termos: the term of a sector, optionally narrowed to one of its locations, with the
 * named holder (`responsavel`) who signs it (locations have no responsible person of their own).
 */
export const termoGenerateBody = z.strictObject({
  setorId: idNumber(),
  localId: idNumber().optional(),
  responsavel: z
    .string({ error: 'Responsável inválido.' })
    .trim()
    .max(120, { error: 'Responsável deve ter no máximo 120 caracteres.' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type TermoGenerateBody = z.output<typeof termoGenerateBody>;
export type TermoGenerateInput = z.input<typeof termoGenerateBody>;

/** GET /api/termos?setorId=: the versions of the terms of one sector (or of every visible sector). */
export const termoListQuery = z.strictObject({ setorId: idFromText().optional() });
export type TermoListQuery = z.output<typeof termoListQuery>;

export const TERMO_STATUSES = ['pending', 'ready', 'failed'] as const;
export type TermoStatus = (typeof TERMO_STATUSES)[number];
