import { z } from 'zod';
import { idNumber, trimmed, version } from '../common';
import type { FormField } from './types';

/** Asset form field definitions (spec §3 Field definition), persisted per municipality. */
export const FIELD_TYPES = ['TEXT', 'TEXTAREA', 'NUMBER', 'DATE', 'SELECT', 'BOOLEAN'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Keys of the asset's own columns: a custom field may not take them. */
export const RESERVED_FIELD_KEYS = [
  'id',
  'numero_patrimonio',
  'descricao_bem',
  'tipo',
  'tipoId',
  'valor_aquisicao',
  'setor_responsavel',
  'sectorId',
  'local_objeto',
  'localId',
  'status',
  'doado',
  'transferencia_pendente',
  'historico_movimentacao',
  'quantidade',
  'data_aquisicao',
  'forma_aquisicao',
  'formaAquisicaoId',
  'estado_conservacao',
  'observacoes',
  'customFields',
  'fotos',
  'documentos',
  'version',
  'createdAt',
  'updatedAt',
  'municipalityId',
] as const;

export const fieldKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, {
    error: 'A chave deve começar com letra minúscula e ter só letras minúsculas, números e _ (máx. 50).',
  })
  .refine((k) => !(RESERVED_FIELD_KEYS as readonly string[]).includes(k), {
    error: 'Esta chave é reservada a um campo do sistema.',
  });

const options = z
  .array(z.string().trim().min(1).max(100))
  .max(100, { error: 'No máximo 100 opções.' })
  .refine((o) => new Set(o).size === o.length, { error: 'As opções não podem se repetir.' });

export const formFieldCreateBody = z
  .strictObject({
    label: trimmed('Rótulo', 80),
    /** Optional: derived from the label when omitted. */
    key: fieldKey.optional(),
    type: z.enum(FIELD_TYPES, { error: 'Tipo de campo inválido.' }),
    required: z.boolean().optional(),
    options: options.nullable().optional(),
  })
  .refine((f) => f.type !== 'SELECT' || (f.options?.length ?? 0) > 0, {
    error: 'Informe ao menos uma opção.',
    path: ['options'],
  });
export const formFieldUpdateBody = z.strictObject({
  label: trimmed('Rótulo', 80).optional(),
  type: z.enum(FIELD_TYPES, { error: 'Tipo de campo inválido.' }).optional(),
  required: z.boolean().optional(),
  options: options.nullable().optional(),
  version,
});
export const formFieldReorderBody = z.strictObject({
  ids: z.array(idNumber()).min(1).max(500),
});
export type FormFieldCreate = z.infer<typeof formFieldCreateBody>;
export type FormFieldUpdate = z.infer<typeof formFieldUpdateBody>;

/** Spec §3 defaults. */
export const DEFAULT_ASSET_FORM_FIELDS: Array<
  Pick<FormField, 'key' | 'label' | 'type' | 'required' | 'isCustom' | 'isSystem'>
> = [
  {
    key: 'descricao_bem',
    label: 'Descrição do Bem',
    type: 'TEXTAREA',
    required: true,
    isCustom: false,
    isSystem: true,
  },
  { key: 'tipo', label: 'Tipo', type: 'TEXT', required: true, isCustom: false, isSystem: false },
];

/** A key from a label: "Número de Série" → "numero_de_serie". */
export function keyFromLabel(label: string): string {
  const k = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
  return /^[a-z]/.test(k) ? k : `campo_${k}`.slice(0, 50);
}
