/** pt-BR texts of the depreciation reports. */
export const DEPRECIACAO_RELATORIO_MSG = {
  requested: 'Relatório solicitado. Acompanhe o progresso abaixo ou em Downloads.',
  loadFailed: 'Falha ao carregar o relatório de depreciação.',
  noMunicipality: 'O relatório de depreciação precisa de um município.',
  tooManyRows: (max: string) =>
    `O relatório tem linhas demais para um PDF (máximo ${max}); gere em XLSX ou use filtros.`,
};
/** At most this many rows in a PDF (the XLSX takes more). */
export const DEPRECIACAO_RELATORIO_LIMITS = { maxPdfRows: 5000, maxRows: 200_000 } as const;
