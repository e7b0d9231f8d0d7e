/**
 * The patrimonial chart a new municipality starts with (../shared/ACCOUNTING.md, "The chart"): the PCASP groups'
 * usual codes, one account per role. The chart is data: each municipality's accountant confirms and edits it.
 * Migration 0052 seeds the same rows in SQL (`seed_contas_contabeis`); `contabilidade-plano.test.ts` compares them.
 */
export const PAPEIS_CONTA = [
  'ativo',
  'depreciacao_acumulada',
  'reducao_valor_recuperavel',
  'reserva_reavaliacao',
  'saldo_abertura',
  'transitoria',
  'vpd_depreciacao',
  'vpd_doacao',
  'vpd_reavaliacao',
  'vpd_reducao',
  'vpd_baixa',
  'vpa_doacao',
  'vpa_reavaliacao',
  'vpa_incorporacao',
  'vpa_reversao',
] as const;
export type PapelConta = (typeof PAPEIS_CONTA)[number];

/** pt-BR names of the roles (screens, CSV). */
export const PAPEL_CONTA_LABELS: Record<PapelConta, string> = {
  ativo: 'Ativo imobilizado (valor bruto)',
  depreciacao_acumulada: '(−) Depreciação acumulada',
  reducao_valor_recuperavel: '(−) Redução ao valor recuperável',
  reserva_reavaliacao: 'Reserva de reavaliação',
  saldo_abertura: 'Contrapartida do saldo de abertura',
  transitoria: 'Conta transitória (bens a incorporar)',
  vpd_depreciacao: 'VPD de depreciação',
  vpd_doacao: 'VPD de doações concedidas',
  vpd_reavaliacao: 'VPD de reavaliação negativa',
  vpd_reducao: 'VPD de redução ao valor recuperável',
  vpd_baixa: 'VPD de desincorporação de ativos',
  vpa_doacao: 'VPA de doações recebidas',
  vpa_reavaliacao: 'VPA de reavaliação',
  vpa_incorporacao: 'VPA de incorporação de ativos',
  vpa_reversao: 'VPA de reversão de redução ao valor recuperável',
};

export interface ContaPadrao {
  codigo: string;
  nome: string;
  papel: PapelConta;
}

const c = (codigo: string, nome: string, papel: PapelConta): ContaPadrao => ({ codigo, nome, papel });

/** The default chart, in code order. */
export const PLANO_CONTAS_PADRAO: readonly ContaPadrao[] = [
  c('1.2.3.1.1.01', 'Máquinas, aparelhos, equipamentos e ferramentas', 'ativo'),
  c('1.2.3.1.1.02', 'Bens de informática', 'ativo'),
  c('1.2.3.1.1.03', 'Móveis e utensílios', 'ativo'),
  c('1.2.3.1.1.04', 'Materiais culturais, educacionais e de comunicação', 'ativo'),
  c('1.2.3.1.1.05', 'Veículos', 'ativo'),
  c('1.2.3.1.1.97', 'Bens móveis a incorporar (transitória)', 'transitoria'),
  c('1.2.3.1.1.99', 'Demais bens móveis', 'ativo'),
  c('1.2.3.2.1.01', 'Bens de uso especial', 'ativo'),
  c('1.2.3.2.1.02', 'Bens dominicais', 'ativo'),
  c('1.2.3.2.1.03', 'Bens de uso comum do povo', 'ativo'),
  c('1.2.3.2.1.06', 'Obras em andamento', 'ativo'),
  c('1.2.3.8.1.01', '(−) Depreciação acumulada de bens móveis', 'depreciacao_acumulada'),
  c('1.2.3.8.1.02', '(−) Depreciação acumulada de bens imóveis', 'depreciacao_acumulada'),
  c('1.2.3.9.1.01', '(−) Redução ao valor recuperável de bens móveis', 'reducao_valor_recuperavel'),
  c('1.2.3.9.1.02', '(−) Redução ao valor recuperável de bens imóveis', 'reducao_valor_recuperavel'),
  c('2.3.6.1.1.01', 'Reserva de reavaliação de bens', 'reserva_reavaliacao'),
  c('2.3.7.1.1.03', 'Ajustes de exercícios anteriores (saldo de abertura do patrimônio)', 'saldo_abertura'),
  c('3.3.3.1.1.01', 'Depreciação de bens móveis', 'vpd_depreciacao'),
  c('3.3.3.1.1.02', 'Depreciação de bens imóveis', 'vpd_depreciacao'),
  c('3.5.2.2.1.01', 'Doações concedidas de bens', 'vpd_doacao'),
  c('3.6.1.1.1.01', 'Reavaliação negativa de imobilizado', 'vpd_reavaliacao'),
  c('3.6.1.2.1.01', 'Redução a valor recuperável de imobilizado', 'vpd_reducao'),
  c('3.6.5.1.1.01', 'Desincorporação de ativos', 'vpd_baixa'),
  c('4.5.2.2.1.01', 'Doações recebidas de bens', 'vpa_doacao'),
  c('4.6.1.1.1.01', 'Reavaliação de imobilizado', 'vpa_reavaliacao'),
  c('4.6.3.1.1.01', 'Incorporação de ativos (regularização, inventário)', 'vpa_incorporacao'),
  c('4.6.5.1.1.01', 'Reversão de redução ao valor recuperável', 'vpa_reversao'),
];

/**
 * The asset account a seeded asset type maps to, by its name (lower case, accents kept): the first rule whose
 * word the name contains; otherwise 1.2.3.1.1.99. The SQL of `tipos_bens_default_contas` follows the same list.
 */
export const CONTA_ATIVO_POR_NOME: ReadonlyArray<readonly [string, string]> = [
  ['processamento de dados', '1.2.3.1.1.02'],
  ['informática', '1.2.3.1.1.02'],
  ['veículo', '1.2.3.1.1.05'],
  ['embarca', '1.2.3.1.1.05'],
  ['automóve', '1.2.3.1.1.05'],
  ['mobili', '1.2.3.1.1.03'],
  ['móve', '1.2.3.1.1.03'],
  ['copa e cozinha', '1.2.3.1.1.03'],
  ['domésticos', '1.2.3.1.1.03'],
  ['coleç', '1.2.3.1.1.04'],
  ['bibliográf', '1.2.3.1.1.04'],
  ['discoteca', '1.2.3.1.1.04'],
  ['musica', '1.2.3.1.1.04'],
  ['obras de arte', '1.2.3.1.1.04'],
  ['máquina', '1.2.3.1.1.01'],
  ['aparelho', '1.2.3.1.1.01'],
  ['equipamento', '1.2.3.1.1.01'],
  ['instrumento', '1.2.3.1.1.01'],
];

/** The default asset account of an asset type's name (see `CONTA_ATIVO_POR_NOME`). */
export function contaAtivoDoTipo(nome: string): string {
  const n = nome.toLowerCase();
  return CONTA_ATIVO_POR_NOME.find(([w]) => n.includes(w))?.[1] ?? '1.2.3.1.1.99';
}

/** The other three accounts of a movable asset type (and of assets without a type). */
export const CONTAS_MOVEIS_PADRAO = {
  depreciacaoAcumulada: '1.2.3.8.1.01',
  reducaoValorRecuperavel: '1.2.3.9.1.01',
  vpdDepreciacao: '3.3.3.1.1.01',
} as const;
