import type { TransferStatus, TransferType } from './schemas';

/**
 * A transfer or donation request as the API returns it: the spec §3 fields plus what a screen needs
 * (asset number and description, origin and destination names, requester name, recipient).
 */
export interface Transferencia {
  id: number;
  patrimonioId: number;
  numeroPatrimonio: string;
  /** The asset's description when it was requested. */
  descricaoBem: string;
  type: TransferType;
  motivo: string;
  /** Where the asset was when it was requested (null once that sector was deleted). */
  setorOrigemId: number | null;
  setorOrigem: string;
  setorDestinoId: number | null;
  /** The destination sector's name (spec `setorDestino`); null for a donation. */
  setorDestino: string | null;
  localDestinoId: number | null;
  localDestino: string | null;
  /** Who receives a donation; null for a transfer. */
  destinatario: string | null;
  solicitanteId: number | null;
  solicitanteNome: string;
  /** ISO date-time. */
  dataSolicitacao: string;
  status: TransferStatus;
  aprovadorId: number | null;
  aprovadorNome: string | null;
  /** ISO date-time of the decision. */
  dataAprovacao: string | null;
  comentariosAprovador: string | null;
  version: number;
}

export interface TransferList {
  transferencias: Transferencia[];
  total: number;
  page: number;
  pageSize: number;
}

/** Counts of a set of requests, by type and by status. */
export interface TransferCounts {
  total: number;
  transferencias: number;
  doacoes: number;
  pendentes: number;
  aprovadas: number;
  rejeitadas: number;
}

/** GET /api/relatorios/transferencias: totals, by origin sector and by month of the request. */
export interface TransferReport {
  totals: TransferCounts;
  porSetor: Array<TransferCounts & { sectorId: number | null; setor: string }>;
  /** 'YYYY-MM' on the city hall's wall clock, oldest first. */
  porMes: Array<TransferCounts & { mes: string }>;
}
