import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_SHEET_COLUMNS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  type FormField,
  type PatrimonioSheetKey,
} from '@tombo/shared';
import type { Cell } from '../../../spreadsheet';
import { fold } from '../filters';

/**
 * Which column of an uploaded sheet is which asset field, and how a cell becomes a field value.
 * Tombo's own headers come first, then custom fields by label, then the names other registers use
 * (GEAFIN, e-Cidade-like exports: "Descrição", "Lotação", "Situação"…).
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

/** Header text of each built-in key (what error reports name). */
export const HEADER_OF = Object.fromEntries(PATRIMONIO_SHEET_COLUMNS.map((c) => [c.key, c.header])) as Record<
  string,
  string
>;

export interface ColumnMap {
  col: Partial<Record<PatrimonioSheetKey, number>>;
  custom: Map<number, FormField>;
}

/** Maps header cells to built-in keys and custom fields; the first column of a name wins. */
export function mapColumns(header: string[], custom: FormField[]): ColumnMap {
  const col: ColumnMap['col'] = {};
  const customCol = new Map<number, FormField>();
  const used = new Set<number>();
  const folded = header.map((h) => fold(h ?? '').trim());
  const take = (i: number, assign: () => boolean) => {
    if (!folded[i] || used.has(i)) return;
    if (assign()) used.add(i);
  };
  folded.forEach((f, i) =>
    take(i, () => {
      const known = PATRIMONIO_SHEET_COLUMNS.find((c) => fold(c.header) === f || c.key === header[i]);
      if (!known || col[known.key] !== undefined) return false;
      col[known.key] = i;
      return true;
    }),
  );
  folded.forEach((f, i) =>
    take(i, () => {
      const cf = custom.find((x) => fold(x.label) === f || x.key === header[i]);
      if (!cf || [...customCol.values()].includes(cf)) return false;
      customCol.set(i, cf);
      return true;
    }),
  );
  folded.forEach((f, i) =>
    take(i, () => {
      const key = (Object.keys(HEADER_ALIASES) as PatrimonioSheetKey[]).find(
        (k) => col[k] === undefined && HEADER_ALIASES[k]!.some((a) => fold(a) === f),
      );
      if (!key) return false;
      col[key] = i;
      return true;
    }),
  );
  return { col, custom: customCol };
}

/** A cell as trimmed text (a date as AAAA-MM-DD). */
export const str = (c: Cell | undefined): string =>
  c == null ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : unneutralise(String(c).trim());

/**
 * Text an export neutralised against formula injection ("'=SOMA(...)", modules/exportacoes/writers.ts)
 * comes back without the apostrophe, so an exported file imports back as it was.
 */
const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** A money cell as a decimal string: "R$ 1.250,50" → "1250.50"; empty → null. */
export function moneyOf(c: Cell | undefined): string | null {
  if (c == null || c === '') return null;
  if (typeof c === 'number') return String(c);
  let s = String(c).replace(/R\$|\s/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  return s;
}

/** A date cell as AAAA-MM-DD (dd/mm/aaaa, dd/mm/aa, ISO, a sheet date); empty → null; unreadable → undefined. */
export function dateOf(c: Cell | undefined): string | null | undefined {
  if (c == null || c === '') return null;
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? undefined : c.toISOString().slice(0, 10);
  const s = String(c).trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(s);
  if (m) {
    const year = m[3].length === 2 ? (Number(m[3]) > new Date().getFullYear() % 100 ? '19' : '20') + m[3] : m[3];
    return `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? s : undefined;
}

function pick<T extends string>(values: readonly T[], labels: Record<T, string>, c: Cell | undefined) {
  const s = fold(str(c));
  if (!s) return null;
  return values.find((v) => fold(v) === s || fold(labels[v]) === s || fold(v.replace(/_/g, ' ')) === s);
}

/** Status by key or label ("Em uso", "em_uso"); empty → null; unknown → undefined. */
export const statusOf = (c: Cell | undefined) => pick(PATRIMONIO_STATUSES, PATRIMONIO_STATUS_LABELS, c);

/** Conservation state by key or label; empty → null; unknown → undefined. */
export const estadoOf = (c: Cell | undefined) => pick(ESTADOS_CONSERVACAO, ESTADO_CONSERVACAO_LABELS, c);
