/** pt-BR texts of the analyses (issue 14). */
export const ANALISE_MSG = {
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
  periodoLongo: 'Período longo demais para a análise mensal (máximo de 240 meses).',
  granularidadeInvalida: 'Granularidade inválida (mes ou ano).',
  statusInvalido: 'Status inválido.',
  dataInvalida: 'Data inválida (use AAAA-MM-DD).',
  loadFailed: 'Não foi possível carregar a análise.',
  exportFailed: 'Não foi possível exportar a análise.',
  semTipo: 'Sem tipo',
} as const;

/** Names of the series of the temporal analysis. */
export const ANALISE_SERIES_LABELS = {
  aquisicoes: 'Aquisições',
  baixas: 'Baixas',
  perdas: 'Perdas em inventário',
} as const;
