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
  motivo: r.motivo,
  setorOrigemId: r.setorOrigemId,
  setorOrigem: r.setorOrigemNome,
  setorDestinoId: r.setorDestinoId,
  setorDestino: r.setorDestinoNome,
  localDestinoId: r.localDestinoId,
  localDestino: r.localDestinoNome,
  destinatario: r.destinatario,
  solicitanteId: r.solicitanteId,
  solicitanteNome: r.solicitanteNome,
  dataSolicitacao: r.dataSolicitacao.toISOString(),
  status: r.status as TransferStatus,
  aprovadorId: r.aprovadorId,
  aprovadorNome: r.aprovadorNome,
  dataAprovacao: r.dataAprovacao ? r.dataAprovacao.toISOString() : null,
  comentariosAprovador: r.comentariosAprovador,
  version: r.version,
});
