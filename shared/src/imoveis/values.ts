/** Value sets of the real-estate area (issue 13): stored values and their pt-BR labels. */
export const SITUACOES_IMOVEL = ['proprio', 'cedido', 'alugado', 'comodato', 'desapropriado'] as const;
export type SituacaoImovel = (typeof SITUACOES_IMOVEL)[number];
export const SITUACAO_IMOVEL_LABELS: Record<SituacaoImovel, string> = {
  proprio: 'Próprio',
  cedido: 'Cedido',
  alugado: 'Alugado',
  comodato: 'Em comodato',
  desapropriado: 'Desapropriado',
};

/** Suggestions of the utilização field (free text: a municipality may use others). */
export const UTILIZACOES_SUGERIDAS = [
  'Escola',
  'Creche',
  'Unidade de saúde',
  'Hospital',
  'Sede administrativa',
  'Praça',
  'Parque',
  'Quadra esportiva',
  'Ginásio',
  'Cemitério',
  'Almoxarifado',
  'Garagem',
  'Biblioteca',
  'Centro cultural',
  'Terreno vago',
] as const;

export const TIPOS_MANUTENCAO = ['preventiva', 'corretiva', 'inspecao'] as const;
export type TipoManutencao = (typeof TIPOS_MANUTENCAO)[number];
export const TIPO_MANUTENCAO_LABELS: Record<TipoManutencao, string> = {
  preventiva: 'Preventiva',
  corretiva: 'Corretiva',
  inspecao: 'Inspeção',
};

/** Stored states; 'atrasada' is derived (pendente or em_andamento past its date). */
export const STATUS_MANUTENCAO = ['pendente', 'em_andamento', 'concluida', 'cancelada'] as const;
export type StatusManutencao = (typeof STATUS_MANUTENCAO)[number];
export type StatusManutencaoExibido = StatusManutencao | 'atrasada';
export const STATUS_MANUTENCAO_LABELS: Record<StatusManutencaoExibido, string> = {
  pendente: 'Pendente',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
  atrasada: 'Atrasada',
};

export const RECORRENCIAS_MANUTENCAO = ['mensal', 'trimestral', 'anual'] as const;
export type RecorrenciaManutencao = (typeof RECORRENCIAS_MANUTENCAO)[number];
export const RECORRENCIA_MANUTENCAO_LABELS: Record<RecorrenciaManutencao, string> = {
  mensal: 'Mensal',
  trimestral: 'Trimestral',
  anual: 'Anual',
};
