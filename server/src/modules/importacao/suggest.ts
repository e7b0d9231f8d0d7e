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
