import { z } from 'zod';
import { trimmed, version } from './common';

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
  municipalityId: z.unknown().optional(),
});
export const tipoBemUpdateBody = z.strictObject({
  name: trimmed('Nome', 120).optional(),
  active: z.boolean().optional(),
  usefulLifeMonths: usefulLife.nullable().optional(),
  residualValuePct: percent.nullable().optional(),
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

export interface TipoBem {
  id: number;
  name: string;
  active: boolean;
  usefulLifeMonths: number | null;
  /** "10.00" */
  residualValuePct: string | null;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface TipoBemList {
  tiposBens: TipoBem[];
  total: number;
}

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

export interface FormaAquisicao {
  id: number;
  nome: string;
  ativo: boolean;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface FormaAquisicaoList {
  formasAquisicao: FormaAquisicao[];
  total: number;
}

/** Toasts (spec §8) and server messages of the catalogues. */
export const CATALOG_MSG = {
  tipos: {
    loadFailed: 'Erro ao carregar tipos de bens',
    noUser: 'Usuário não encontrado',
    created: 'Tipo de bem adicionado com sucesso.',
    updated: 'Tipo de bem atualizado com sucesso.',
    deleted: 'Tipo de bem excluído com sucesso.',
    activated: 'Tipo de bem ativado com sucesso.',
    deactivated: 'Tipo de bem desativado com sucesso.',
    notFound: 'Tipo de bem não encontrado.',
    inUse: 'Este tipo de bem não pode ser excluído porque há bens cadastrados com ele. Desative-o em vez de excluir.',
    nameTaken: 'Já existe um tipo de bem com este nome.',
    inactive: 'Este tipo de bem está inativo.',
  },
  formas: {
    loadFailedTitle: 'Erro ao carregar formas de aquisição',
    loadFailed: 'Não foi possível carregar as formas de aquisição.',
    successTitle: 'Sucesso',
    created: 'Forma de aquisição adicionada com sucesso.',
    updated: 'Forma de aquisição atualizada com sucesso.',
    deleted: 'Forma de aquisição excluída com sucesso.',
    activated: 'Forma de aquisição ativada com sucesso.',
    deactivated: 'Forma de aquisição desativada com sucesso.',
    createFailed: 'Não foi possível adicionar a forma de aquisição.',
    updateFailed: 'Não foi possível atualizar a forma de aquisição.',
    deleteFailed: 'Não foi possível excluir a forma de aquisição.',
    toggleFailed: 'Não foi possível alterar o status da forma de aquisição.',
    notFound: 'Forma de aquisição não encontrada.',
    inUse:
      'Esta forma de aquisição não pode ser excluída porque há bens cadastrados com ela. Desative-a em vez de excluir.',
    nameTaken: 'Já existe uma forma de aquisição com este nome.',
    inactive: 'Esta forma de aquisição está inativa.',
  },
} as const;

/** Audit `details` texts of the acquisition-form events (spec §7). */
export const formaAquisicaoAuditText = {
  created: (nome: string) => `Forma de Aquisição '${nome}' adicionada.`,
  updated: (nome: string) => `Forma de Aquisição '${nome}' atualizada.`,
  deleted: (nome: string) => `Forma de Aquisição '${nome}' excluída.`,
  activated: (nome: string) => `Forma de Aquisição '${nome}' ativada.`,
  deactivated: (nome: string) => `Forma de Aquisição '${nome}' desativada.`,
};
