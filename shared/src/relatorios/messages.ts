import type { ReportFrequencia, ReportGroupBy, ReportMeasure } from './schemas';

/** pt-BR texts of the reports area (spec §8: the report-config texts are exact). */
export const RELATORIO_MSG = {
  templateNotFound: 'Modelo de relatório não encontrado.',
  templateCreated: 'Modelo de relatório criado.',
  templateUpdated: 'Modelo de relatório atualizado.',
  templateDeleted: 'Modelo de relatório excluído.',
  templateNameTaken: 'Já existe um modelo de relatório com esse nome.',
  configSaved: 'Configuração de relatório salva.',
  configDeleted: 'Configuração de relatório excluída.',
  configNotFound: 'Configuração de relatório não encontrada.',
  configLimit: 'Limite de configurações salvas atingido (50).',
  requested: 'Relatório solicitado. Acompanhe o progresso abaixo ou em Downloads.',
  tooManyRows: (max: string) => `O relatório passa de ${max} bens; refine os filtros.`,
  renderFailed: 'Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).',
  noMunicipality: 'A geração de relatório exige um município.',
  ownerCannot: 'O dono da configuração não pode mais gerar relatórios.',
} as const;

export const REPORT_FREQUENCIA_LABELS: Record<ReportFrequencia, string> = {
  diaria: 'Diária',
  semanal: 'Semanal',
  mensal: 'Mensal',
};
export const REPORT_GROUP_BY_LABELS: Record<ReportGroupBy, string> = {
  setor: 'Setor',
  tipo: 'Tipo de bem',
  status: 'Status',
  local: 'Local',
  forma: 'Forma de aquisição',
};
export const REPORT_MEASURE_LABELS: Record<ReportMeasure, string> = {
  quantidade: 'Quantidade de bens',
  valor: 'Valor de aquisição (R$)',
};
export const REPORT_BLOCK_LABELS = {
  HEADER: 'Cabeçalho',
  TABLE: 'Tabela',
  FOOTER: 'Rodapé',
  TEXT: 'Texto',
  CHART: 'Gráfico',
} as const;
export const WEEKDAY_LABELS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
];
