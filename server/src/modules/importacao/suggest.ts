import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  type ImportacaoField,
  type ImportacaoMapping,
} from '@tombo/shared';
import { matchColumns } from '../../spreadsheet/import';

/**
 * Header names other systems use for each field (e-Cidade, SIADS/GEAFIN, spreadsheets), folded. An
 * exact name wins over a name that merely starts with one of these ("Valor de aquisição" before "Valor Atualizado").
 */
const NAMES: Record<ImportacaoField, string[]> = {
  numero: [
    'tombamento',
    'tombo',
    'n patrimonio',
    'no patrimonio',
    'numero patrimonio',
    'numero do patrimonio',
    'numero de patrimonio',
    'n do patrimonio',
    'patrimonio',
    'plaqueta',
    'n plaqueta',
    'numero',
    'rgp',
  ],
  descricao: [
    'descricao',
    'descricao do bem',
    'descricao do material',
    'descricao bem',
    'bem',
    'material',
    'historico',
  ],
  valor: [
    'valor de aquisicao',
    'valor aquisicao',
    'vlr aquisicao',
    'vl aquisicao',
    'valor',
    'valor de compra',
    'valor original',
    'vlr',
  ],
  data: [
    'data de aquisicao',
    'data aquisicao',
    'dt aquisicao',
    'data de compra',
    'data da aquisicao',
    'aquisicao',
    'data',
  ],
  setor: [
    'setor',
    'setor responsavel',
    'unidade',
    'lotacao',
    'departamento',
    'secretaria',
    'orgao',
    'unidade administrativa',
  ],
  local: ['local', 'localizacao', 'local do objeto', 'sala', 'ambiente'],
  tipo: ['tipo', 'tipo de bem', 'tipo do bem', 'classe', 'classificacao', 'grupo', 'descr siafi', 'categoria'],
  forma: [
    'forma de aquisicao',
    'forma aquisicao',
    'incorporacao',
    'tipo entrada',
    'tipo de entrada',
    'tipo de incorporacao',
  ],
  estado: ['estado', 'estado de conservacao', 'estado conservacao', 'conservacao'],
  status: ['situacao', 'status', 'situacao do bem'],
  quantidade: ['quantidade', 'qtd', 'qtde', 'quant'],
  observacoes: ['observacao', 'observacoes', 'obs'],
};

/** A mapping suggested from the header names (exact names first, then headers starting with one); a column serves one field. */
export function suggestMapping(headers: string[]): ImportacaoMapping {
  const found = matchColumns(
    headers,
    IMPORTACAO_FIELDS.map((f) => ({ key: f, label: IMPORTACAO_FIELD_LABELS[f], aliases: NAMES[f] })),
    { prefix: true },
  );
  return {
    ...Object.fromEntries(IMPORTACAO_FIELDS.map((f) => [f, found[f] ?? null])),
    custom: {},
  } as ImportacaoMapping;
}

const DATE = /^\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})$/;
const MONEY = /^(R\$\s?)?-?(\d{1,3}(\.\d{3})+|\d+),\d{2}$/;
const DIGITS = /^\d+$/;

/**
 * A mapping suggested from the values of a file without a header row (the e-Cidade export): the
 * first column of distinct plate-like numbers → número, dates → data, decimal-comma amounts → valor,
 * the longest text → descrição, and a short numeric code repeated over rows → setor (a sector code:
 * the values step then asks which sector it is; it is never created under that number unasked).
 */
export function suggestFromValues(rows: string[][], width: number): ImportacaoMapping {
  const m = suggestMapping([]);
  const cols = Array.from({ length: width }, (_, i) => rows.map((r) => (r[i] ?? '').trim()).filter(Boolean));
  const all = (i: number, re: RegExp) => cols[i].length > 0 && cols[i].every((v) => re.test(v));
  const distinct = (i: number) => new Set(cols[i]).size;
  const used = new Set<number>();
  const take = (i: number | undefined) => {
    if (i !== undefined && i >= 0) used.add(i);
    return i !== undefined && i >= 0 ? i : null;
  };
  const free = (pred: (i: number) => boolean) => cols.findIndex((_, i) => !used.has(i) && pred(i));
  m.numero = take(free((i) => all(i, /^[\w./-]*\d[\w./-]*$/) && distinct(i) === cols[i].length && cols[i].length > 0));
  m.data = take(free((i) => all(i, DATE)));
  m.valor = take(free((i) => all(i, MONEY)));
  const texts = cols
    .map((c, i) => ({ i, len: c.reduce((n, v) => n + v.length, 0) / Math.max(1, c.length) }))
    .filter(({ i }) => !used.has(i) && cols[i].some((v) => /\p{L}{3}/u.test(v)))
    .sort((a, b) => b.len - a.len);
  m.descricao = take(texts[0]?.i);
  const codes = cols
    .map((c, i) => ({ i, len: Math.max(0, ...c.map((v) => v.length)) }))
    .filter(({ i, len }) => !used.has(i) && all(i, DIGITS) && len <= 6 && distinct(i) < cols[i].length)
    .sort((a, b) => a.len - b.len);
  m.setor = take(codes[0]?.i);
  return m;
}
