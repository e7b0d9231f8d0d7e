import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_SHEET_COLUMNS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  type FormField,
  type PatrimonioSheetKey,
} from '@tombo/shared';
import { enumOf, type ImportField } from '../../../spreadsheet/import';
import type { Cell } from '../../../spreadsheet';

/**
 * The columns of the asset import: Tombo's own headers (or keys) first, then custom fields by label,
 * then the names other registers use (GEAFIN, e-Cidade-like exports: "Descrição", "Lotação", "Situação"…).
 */

/** Other systems' names for the sheet's columns (compared accent- and case-insensitively). */
export const HEADER_ALIASES: Partial<Record<PatrimonioSheetKey, string[]>> = {
  numero_patrimonio: ['Número de Patrimônio', 'Nº do Patrimônio', 'Tombamento', 'Plaqueta'],
  descricao_bem: ['Descrição', 'Descrição do Material', 'Bem'],
  tipo: ['Tipo de Bem', 'Tipo do Bem'],
  setor_responsavel: ['Setor Responsável', 'Lotação', 'Unidade', 'Departamento'],
  local_objeto: ['Local do Objeto', 'Localização'],
  status: ['Situação'],
  valor_aquisicao: ['Valor', 'Valor de Compra', 'Valor Aquisição'],
  data_aquisicao: ['Data de Compra', 'Data Aquisição'],
  forma_aquisicao: ['Forma Aquisição'],
  estado_conservacao: ['Estado Conservação', 'Conservação'],
  observacoes: ['Observação', 'Obs'],
};

/** The columns a sheet must have. */
const REQUIRED = new Set<string>(['descricao_bem', 'setor_responsavel', 'valor_aquisicao']);

/** Header text of each built-in key (what error reports name). */
export const HEADER_OF = Object.fromEntries(PATRIMONIO_SHEET_COLUMNS.map((c) => [c.key, c.header])) as Record<
  string,
  string
>;

/** The fields of the import: the built-in columns, then one per custom field (`cf:<key>`). */
export const importFields = (custom: FormField[]): ImportField[] => [
  ...PATRIMONIO_SHEET_COLUMNS.map((c) => ({
    key: c.key,
    label: c.header,
    names: [c.header, c.key],
    aliases: HEADER_ALIASES[c.key],
    required: REQUIRED.has(c.key),
  })),
  ...custom.map((f) => ({ key: `cf:${f.key}`, label: f.label, names: [f.label, f.key] })),
];

/** Status by key or label ("Em uso", "em_uso"); empty → null; unknown → undefined. */
export const statusOf = (c: Cell | undefined) => enumOf(PATRIMONIO_STATUSES, PATRIMONIO_STATUS_LABELS, c);

/** Conservation state by key or label; empty → null; unknown → undefined. */
export const estadoOf = (c: Cell | undefined) => enumOf(ESTADOS_CONSERVACAO, ESTADO_CONSERVACAO_LABELS, c);
