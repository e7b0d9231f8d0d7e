import type { TransferDecision, TransferStatus, TransferType } from './schemas';

/** pt-BR labels of the request types and statuses. */
export const TRANSFER_TYPE_LABELS: Record<TransferType, string> = {
  transferencia: 'Transferência',
  doacao: 'Doação',
};
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  pendente: 'Pendente',
  aprovada: 'Aprovada',
  rejeitada: 'Rejeitada',
};

/** pt-BR texts of transfers and donations: spec §4 and §8 exactly, and the server's own errors. */
export const TRANSFER_MSG = {
  /** Spec §8 toast of a new request. */
  requested: 'Solicitação de transferência enviada.',
  donationRequested: 'Solicitação de doação enviada.',
  /** Spec §8 toast of a decision: 'Solicitação ' + the new status + '.'. */
  decided: (status: TransferDecision) => `Solicitação ${status}.`,
  loadFailed: 'Falha ao carregar as solicitações de transferência.',
  reportLoadFailed: 'Falha ao carregar o relatório de transferências.',
  notFound: 'Solicitação não encontrada.',
  patrimonioRequired: 'Selecione o bem.',
  typeInvalid: 'Tipo inválido: use transferencia ou doacao.',
  motivoRequired: 'O motivo é obrigatório.',
  motivoTooLong: 'O motivo deve ter no máximo 2000 caracteres.',
  setorDestinoRequired: 'Selecione o setor de destino.',
  setorDestinoNotFound: 'Setor de destino não encontrado.',
  localDestinoInvalid: 'Local de destino inválido.',
  localDestinoNotFound: 'Local de destino não encontrado.',
  localOtherSector: 'O local escolhido não pertence ao setor de destino.',
  sameSector: 'O bem já está neste setor. Escolha outro setor de destino.',
  destinatarioRequired: 'Informe o destinatário da doação.',
  destinatarioTooLong: 'O destinatário deve ter no máximo 300 caracteres.',
  destinatarioOnlyDonation: 'O destinatário só se aplica a doações.',
  setorOnlyTransfer: 'Uma doação não tem setor nem local de destino.',
  alreadyPending: 'Este bem já tem uma solicitação de transferência pendente. Aguarde a decisão.',
  writtenOff: 'Este bem está baixado e não pode ser transferido nem doado.',
  donated: 'Este bem já foi doado e não pode ser transferido nem doado novamente.',
  lent: 'Este bem está emprestado. Registre a devolução antes de transferi-lo ou doá-lo.',
  decisionInvalid: 'Decisão inválida: use aprovada ou rejeitada.',
  comentariosTooLong: 'Os comentários devem ter no máximo 2000 caracteres.',
  rejectionReasonRequired: 'Informe o motivo da rejeição: quem pediu será avisado dele.',
  alreadyDecided: (status: TransferStatus, by: string | null) =>
    `Esta solicitação já foi ${status}${by ? ` por ${by}` : ''}. Nada foi alterado.`,
  stale: 'Esta solicitação foi alterada por outra pessoa. Recarregue e tente novamente.',
  assetWrittenOff: 'O bem foi baixado depois do pedido; esta solicitação só pode ser rejeitada.',
  destinoGone: 'O setor de destino foi excluído depois do pedido; esta solicitação só pode ser rejeitada.',
  statusInvalid: 'Status inválido.',
  sectorInvalid: 'Setor inválido.',
  dateInvalid: 'Data inválida (use AAAA-MM-DD).',
  periodInvalid: 'A data final do período deve ser igual ou posterior à inicial.',
  numeroInvalid: 'Número de patrimônio inválido.',
  exportQueued: 'Exportação iniciada. Você será avisado quando o arquivo estiver pronto.',
  /** Spec §4: the requester's notification; a rejection adds its reason (issue 35). */
  notificationTitle: (status: TransferDecision) =>
    status === 'aprovada' ? 'Solicitação Aprovada' : 'Solicitação Rejeitada',
  notificationDescription: (numero: string, status: TransferDecision, comentarios?: string | null) =>
    `Sua solicitação para o bem ${numero} foi ${status}.${status === 'rejeitada' && comentarios ? ` Motivo: ${comentarios}` : ''}`,
  /** Ours: the approvers' notification of a new request. */
  newRequestTitle: (type: TransferType) =>
    type === 'transferencia' ? 'Nova Solicitação de Transferência' : 'Nova Solicitação de Doação',
  newRequestDescription: (who: string, numero: string, type: TransferType, destino: string) =>
    type === 'transferencia'
      ? `${who} solicitou a transferência do bem ${numero} para ${destino}.`
      : `${who} solicitou a doação do bem ${numero} para ${destino}.`,
  /** Spec §4: the history entry's action. */
  historyAction: (type: TransferType) => (type === 'transferencia' ? 'Transferência' : 'Doação'),
  /** Spec §4: the action, ' aprovada' or ' rejeitada', '. Motivo: ' and the motivo. */
  historyDetails: (type: TransferType, status: TransferDecision, motivo: string) =>
    `${type === 'transferencia' ? 'Transferência' : 'Doação'} ${status}. Motivo: ${motivo}`,
  /** The write-off line of an approved donation. */
  donationWriteOff: (destinatario: string) => `Doado a ${destinatario}.`,
} as const;
