import type { Transferencia, TransferStatus, TransferType } from '@tombo/shared';
import type { transferencias } from '../../db/schema';

export type TransferRow = typeof transferencias.$inferSelect;

/** Row → API shape (HTTP answers, live events, the export). */
export const toTransferencia = (r: TransferRow): Transferencia => ({
  id: r.id,
  patrimonioId: r.patrimonioId,
  numeroPatrimonio: r.numeroPatrimonio,
  descricaoBem: r.descricaoBem,
  type: r.type as TransferType,
  motivo: r.reason,
  setorOrigemId: r.originSectorId,
  setorOrigem: r.originSectorName,
  setorDestinoId: r.destinationSectorId,
  setorDestino: r.destinationSectorName,
  localDestinoId: r.destinationLocalId,
  localDestino: r.destinationLocalName,
  destinatario: r.recipient,
  solicitanteId: r.requesterId,
  solicitanteNome: r.requesterName,
  dataSolicitacao: r.requestedAt.toISOString(),
  status: r.status as TransferStatus,
  aprovadorId: r.approverId,
  aprovadorNome: r.approverName,
  dataAprovacao: r.decidedAt ? r.decidedAt.toISOString() : null,
  comentariosAprovador: r.approverComments,
  version: r.version,
});
