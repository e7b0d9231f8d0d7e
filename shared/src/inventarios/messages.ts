import type {
  EstadoInventario,
  InventarioScope,
  InventarioStatus,
  InventarioTipo,
  ItemStatus,
  LeituraResultado,
} from './schemas';

/** Kinds of inventory (IN SEDAP 205/88). */
export const INVENTARIO_TIPO_LABELS: Record<InventarioTipo, string> = {
  anual: 'Anual',
  inicial: 'Inicial',
  transferencia_responsabilidade: 'De transferência de responsabilidade',
  extincao_transformacao: 'De extinção ou transformação',
  eventual: 'Eventual',
};

/** Scopes of spec §4. */
export const INVENTARIO_SCOPE_LABELS: Record<InventarioScope, string> = {
  sector: 'Setor inteiro',
  location: 'Tipo de local',
  specific_location: 'Local específico',
};

export const INVENTARIO_STATUS_LABELS: Record<InventarioStatus, string> = {
  in_progress: 'Em andamento',
  completed: 'Finalizado',
};

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  not_found: 'Não encontrado',
  found: 'Encontrado',
  local_divergente: 'Local divergente',
};

export const LEITURA_RESULTADO_LABELS: Record<LeituraResultado, string> = {
  found: 'Encontrado',
  local_divergente: 'Local divergente',
  duplicada: 'Leitura repetida',
  nao_inventariado: 'Não inventariado',
  nao_cadastrado: 'Não cadastrado',
};

/** Condition a counter may record. */
export const ESTADO_INVENTARIO_LABELS: Record<EstadoInventario, string> = {
  bom: 'Bom',
  regular: 'Regular',
  ocioso: 'Ocioso',
  recuperavel: 'Recuperável',
  antieconomico: 'Antieconômico',
  irrecuperavel: 'Irrecuperável',
};

/** Action of the asset's history line written when finalizing marks it lost. */
export const INVENTARIO_HISTORY_ACTION = 'Inventário';

/** pt-BR texts of the inventories area (spec §8 first). */
export const INVENTARIO_MSG = {
  loadFailed: 'Falha ao carregar inventários.',
  updated: 'Inventário atualizado com sucesso.',
  updateFailed: 'Falha ao atualizar inventário.',
  deleted: 'Inventário excluído com sucesso.',
  deleteFailed: 'Falha ao excluir inventário.',
  notFound: 'Inventário não encontrado.',
  created: 'Inventário criado com sucesso.',
  createFailed: 'Falha ao criar inventário.',
  finalized: 'Inventário finalizado com sucesso.',
  finalizeFailed: 'Falha ao finalizar inventário.',
  titleRequired: 'O título é obrigatório.',
  titleTooLong: 'O título deve ter no máximo 200 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 2000 caracteres.',
  tipoInvalid: 'Selecione o tipo de inventário.',
  sectorRequired: 'Selecione o setor.',
  sectorNotFound: 'Setor não encontrado.',
  scopeInvalid: 'Selecione a abrangência do inventário.',
  locationTypeRequired: 'Informe o tipo de local.',
  specificLocationRequired: 'Selecione o local.',
  specificLocationNotFound: 'Local não encontrado neste setor.',
  dataInicioInvalid: 'Data de início inválida (use dd/mm/aaaa).',
  comissaoMin: 'A comissão deve ter pelo menos 3 membros.',
  comissaoTooMany: 'A comissão deve ter no máximo 50 membros.',
  comissaoUserNotFound: 'Membro da comissão não encontrado neste município.',
  completed: 'Este inventário já foi finalizado e não pode ser alterado.',
  alreadyCompleted: 'Este inventário já foi finalizado.',
  completedCannotDelete: 'Um inventário finalizado é o registro legal e não pode ser excluído.',
  scopeLocked: 'O setor e a abrangência não podem mudar depois que a contagem começou.',
  versionConflict: 'Este inventário foi alterado por outra pessoa. Recarregue e tente novamente.',
  notInComissao: 'Somente membros da comissão podem registrar leituras neste inventário.',
  batchTooLarge: (max: number) => `Envie no máximo ${max} leituras por vez.`,
  batchEmpty: 'Envie pelo menos uma leitura.',
  numeroInvalid: 'Número de patrimônio inválido.',
  leituraIdInvalid: 'Identificador da leitura inválido.',
  lidoEmInvalid: 'Data e hora da leitura inválidas.',
  estadoInvalid: 'Estado do bem inválido.',
  notaTooLong: 'A nota deve ter no máximo 500 caracteres.',
  localNotInSector: 'O local informado não pertence ao setor do inventário.',
  /** Result messages of a reading (one per outcome). */
  leitura: {
    found: (numero: string) => `Bem ${numero} encontrado.`,
    local_divergente: (numero: string, local: string | null) =>
      `Bem ${numero} encontrado fora do seu local${local ? ` (registrado em ${local})` : ''}.`,
    duplicada: (numero: string) => `Bem ${numero} já foi contado neste inventário.`,
    nao_inventariado: (numero: string) => `Bem ${numero} não faz parte deste inventário.`,
    nao_cadastrado: (numero: string) => `Número ${numero} não cadastrado.`,
  },
  /** History line of an asset marked lost when the inventory was finalized. */
  extraviadoDetails: (title: string, id: number) =>
    `Não encontrado no inventário "${title}" (nº ${id}); status alterado para extraviado.`,
  pendingReadings: (n: number) => (n === 1 ? '1 leitura aguardando envio' : `${n} leituras aguardando envio`),
} as const;
