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
  titulo: r.titulo,
  tipo: r.tipo as TipoManutencao,
  dataPrevista: r.dataPrevista,
  dueDate: r.dataPrevista,
  status: statusExibido(r.status, r.dataPrevista, today),
  responsavel: r.responsavel,
  custoEstimado: r.custoEstimado,
  custoReal: r.custoReal,
  observacoes: r.observacoes,
  recorrencia: r.recorrencia as RecorrenciaManutencao | null,
  dataConclusao: r.dataConclusao,
  origemId: r.origemId,
  anexos: anexos.map(toAnexo),
  createdBy: r.createdByName,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
