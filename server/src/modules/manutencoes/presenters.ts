import {
  statusExibido,
  type ImovelArquivo,
  type Manutencao,
  type RecorrenciaManutencao,
  type TipoManutencao,
} from '@tombo/shared';
import type { imovelArquivos, manutencoes } from '../../db/schema';

export type ManutencaoRow = typeof manutencoes.$inferSelect;
export type AnexoRow = typeof imovelArquivos.$inferSelect;
/** What a task shows of its property. */
export interface ImovelRef {
  id: number;
  numero_patrimonio: string;
  denominacao: string;
  sectorId: number | null;
}

/** An attachment row → the API's file (downloaded with the Authorization header). */
export const toAnexo = (r: AnexoRow): ImovelArquivo => ({
  id: r.id,
  kind: 'anexo',
  fileName: r.fileName,
  mimeType: r.mimeType,
  size: r.size,
  url: `/api/manutencoes/${r.manutencaoId}/anexos/${r.id}`,
  createdAt: r.createdAt.toISOString(),
  uploadedBy: r.uploadedByName,
});

/** Row → the API's task (lists, the record and live events); `today` decides 'atrasada'. */
export const toManutencao = (r: ManutencaoRow, imovel: ImovelRef, anexos: AnexoRow[], today: string): Manutencao => ({
  id: r.id,
  imovelId: r.imovelId,
  imovel: { id: imovel.id, numero_patrimonio: imovel.numero_patrimonio, denominacao: imovel.denominacao },
  titulo: r.title,
  tipo: r.kind as TipoManutencao,
  dataPrevista: r.dueDate,
  dueDate: r.dueDate,
  status: statusExibido(r.status, r.dueDate, today),
  responsavel: r.assignee,
  custoEstimado: r.estimatedCost,
  custoReal: r.actualCost,
  observacoes: r.notes,
  recorrencia: r.recurrence as RecorrenciaManutencao | null,
  dataConclusao: r.completedDate,
  origemId: r.originId,
  anexos: anexos.map(toAnexo),
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
