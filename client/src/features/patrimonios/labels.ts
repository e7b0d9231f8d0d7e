import {
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STANDARD_LABELS,
  PATRIMONIO_STATUS_LABELS,
  type EstadoConservacao,
  type PatrimonioStatus,
} from '@tombo/shared';

export const statusLabel = (s: string) => PATRIMONIO_STATUS_LABELS[s as PatrimonioStatus] ?? s;
export const estadoLabel = (s: string | null | undefined) =>
  s ? (ESTADO_CONSERVACAO_LABELS[s as EstadoConservacao] ?? s) : '—';

export const STATUS_COLOR: Record<PatrimonioStatus, 'success' | 'info' | 'warning' | 'default' | 'error'> = {
  ativo: 'success',
  em_uso: 'info',
  em_manutencao: 'warning',
  ocioso: 'default',
  extraviado: 'error',
  baixado: 'default',
};

/** Labels of the list columns (also used by the phone cards and the column chooser). */
export const COLUMN_LABELS: Record<string, string> = {
  numero_patrimonio: 'Nº Patrimônio',
  descricao_bem: 'Descrição',
  tipo: 'Tipo',
  setor_responsavel: 'Setor',
  local_objeto: 'Local',
  status: 'Status',
  valor_aquisicao: 'Valor',
  quantidade: 'Qtd.',
  data_aquisicao: 'Data de aquisição',
  forma_aquisicao: 'Forma de aquisição',
  estado_conservacao: 'Conservação',
  createdAt: 'Cadastrado em',
  updatedAt: 'Atualizado em',
  ...PATRIMONIO_STANDARD_LABELS,
};

/** Said when someone else deletes the asset on screen. */
export const GONE_DELETED = 'Este bem foi excluído por outra pessoa.';
/** Said when the asset on screen moves to a sector this user does not see (its room got `{ id, removed: true }`). */
export const GONE_REMOVED = 'Você não tem mais acesso a este bem: ele foi transferido para um setor que não é seu.';
