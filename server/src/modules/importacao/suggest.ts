import { IMPORTACAO_FIELDS, type ImportacaoField, type ImportacaoMapping } from '@tombo/shared';

/** Accent-, case- and punctuation-insensitive form of a header ("Nº Patrimônio" → "n patrimonio"). */
export const foldHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/º|°|ª/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

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

/** A mapping suggested from the header names; a column is used for one field at most. */
export function suggestMapping(headers: string[]): ImportacaoMapping {
  const folded = headers.map(foldHeader);
  const used = new Set<number>();
  const mapping = {
    ...Object.fromEntries(IMPORTACAO_FIELDS.map((f) => [f, null])),
    custom: {},
  } as ImportacaoMapping;
  const pick = (match: (h: string, name: string) => boolean) => {
    for (const f of IMPORTACAO_FIELDS) {
      if (mapping[f] != null) continue;
      for (const name of NAMES[f]) {
        const i = folded.findIndex((h, j) => !used.has(j) && h !== '' && match(h, name));
        if (i >= 0) {
          mapping[f] = i;
          used.add(i);
          break;
        }
      }
    }
  };
  pick((h, name) => h === name);
  pick((h, name) => h.startsWith(`${name} `));
  return mapping;
}
