import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_MSG,
  patrimonioCreateBody,
  type CustomFieldValues,
  type ImportacaoField,
  type ImportacaoMapping,
} from '@tombo/shared';
import { dateOf, moneyOf, str, text, type ImportRow } from '../../spreadsheet/import';
import { customValuesOf, type MappedCustom } from './custom';

const NO_CUSTOM: MappedCustom = { rules: { custom: [], tipoRequired: false }, columns: [] };

/**
 * One row of another system's register, read through the admin's column mapping: the asset's own
 * values checked with the asset form's schema (pt-BR messages), and the raw texts of its catalog
 * and fixed-value columns (resolved later through the admin's value mapping). Pure.
 */

export interface ParsedRow {
  line: number;
  numero: string;
  descricao: string;
  valor: string;
  data: string | null;
  quantidade: number;
  observacoes: string | null;
  setor: string;
  local: string;
  tipo: string;
  forma: string;
  status: string;
  estado: string;
  customFields: CustomFieldValues;
}

const NUMERO_MAX = 40;

/**
 * Reads one row through the mapping; its errors go to `row.error` (one per bad field); null when it
 * has any. `generateNumbers`: the file has no number (the commit issues one), `numero` is ''.
 */
export function parseRow(row: ImportRow, custom: MappedCustom = NO_CUSTOM, generateNumbers = false): ParsedRow | null {
  const { line, cells } = row;
  const at = (f: ImportacaoField) => row.cell(f);
  const get = (f: ImportacaoField) => text(at(f));
  let bad = false;
  const err = (f: ImportacaoField, message: string) => {
    bad = true;
    row.error(IMPORTACAO_FIELD_LABELS[f], message);
  };

  const numero = generateNumbers ? '' : get('numero');
  if (!numero && !generateNumbers) err('numero', IMPORTACAO_MSG.required('O número de patrimônio'));
  else if (numero.length > NUMERO_MAX) err('numero', IMPORTACAO_MSG.numeroTooLong);
  const setor = get('setor');
  if (!setor) err('setor', IMPORTACAO_MSG.required('O setor'));

  const rawValor = at('valor');
  const valor = moneyOf(rawValor) ?? '0';
  const rawData = at('data');
  const data = dateOf(rawData);
  if (data === undefined) err('data', IMPORTACAO_MSG.badDate(str(rawData)));
  const qtd = get('quantidade');
  const quantidade = qtd === '' ? 1 : Number(qtd.replace(/\.(?=\d{3}\b)/g, ''));

  const candidate = {
    descricao_bem: get('descricao'),
    sectorId: 1,
    valor_aquisicao: valor,
    quantidade,
    data_aquisicao: data ?? null,
    observacoes: get('observacoes') || null,
  };
  const parsed = patrimonioCreateBody.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key === 'data_aquisicao' && data === undefined) continue;
      const field: ImportacaoField =
        key === 'descricao_bem'
          ? 'descricao'
          : key === 'valor_aquisicao'
            ? 'valor'
            : key === 'data_aquisicao'
              ? 'data'
              : key === 'quantidade'
                ? 'quantidade'
                : 'observacoes';
      const message =
        field === 'valor' && !/^\d/.test(valor)
          ? IMPORTACAO_MSG.badMoney(str(rawValor))
          : field === 'quantidade' && !Number.isInteger(quantidade)
            ? IMPORTACAO_MSG.badQuantidade(qtd)
            : field === 'data'
              ? issue.message.includes('AAAA-MM-DD')
                ? IMPORTACAO_MSG.badDate(str(rawData))
                : issue.message
              : issue.message;
      err(field, message);
    }
  }
  const customFields = customValuesOf(custom, cells, (field, message) => {
    bad = true;
    row.error(field, message);
  });
  if (bad || !parsed.success) return null;
  const v = parsed.data;
  return {
    line,
    numero,
    descricao: v.descricao_bem,
    valor: v.valor_aquisicao,
    data: v.data_aquisicao ?? null,
    quantidade: v.quantidade ?? 1,
    observacoes: v.observacoes ?? null,
    setor,
    local: get('local'),
    tipo: get('tipo'),
    forma: get('forma'),
    status: get('status'),
    estado: get('estado'),
    customFields,
  };
}

/** Checks a mapping against the file's columns: required fields chosen, no column twice, none outside. */
export function mappingErrors(
  mapping: ImportacaoMapping,
  columns: number,
  generateNumbers = false,
): Record<string, string> {
  const out: Record<string, string> = {};
  const seen = new Map<number, string>();
  const chosen: Array<[string, number | null]> = [
    ...IMPORTACAO_FIELDS.map((f): [string, number | null] => [f, mapping[f]]),
    ...Object.entries(mapping.custom ?? {}).map(([k, col]): [string, number] => [`custom.${k}`, col]),
  ];
  for (const [f, col] of chosen) {
    if (col == null) continue;
    if (col >= columns) out[`mapping.${f}`] = IMPORTACAO_MSG.columnOutside;
    else if (seen.has(col)) out[`mapping.${f}`] = IMPORTACAO_MSG.columnTwice;
    seen.set(col, f);
  }
  for (const f of ['numero', 'descricao', 'setor'] as const)
    if (mapping[f] == null && !(f === 'numero' && generateNumbers))
      out[`mapping.${f}`] = IMPORTACAO_MSG.missingField(IMPORTACAO_FIELD_LABELS[f]);
  if (generateNumbers && mapping.numero != null) out['mapping.numero'] = IMPORTACAO_MSG.numeroAndGenerate;
  return out;
}
