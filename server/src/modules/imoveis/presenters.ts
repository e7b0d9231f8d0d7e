import type { Imovel, ImovelArquivo, ImovelField, ImovelListItem, SituacaoImovel } from '@tombo/shared';
import type { imovelArquivos, imovelFields, imovelHistorico, imoveis } from '../../db/schema';

export type ImovelRow = typeof imoveis.$inferSelect;
export type ImovelFileRow = typeof imovelArquivos.$inferSelect;
export type ImovelHistRow = typeof imovelHistorico.$inferSelect;
export type ImovelFieldRow = typeof imovelFields.$inferSelect;

/** Row → list item: the shape of the list, the export and the live events. */
export const toImovelListItem = (r: ImovelRow): ImovelListItem => ({
  id: r.id,
  numero_patrimonio: r.numeroPatrimonio,
  denominacao: r.denominacao,
  endereco: r.endereco,
  cep: r.cep,
  bairro: r.bairro,
  cidade: r.cidade,
  uf: r.uf,
  area_construida: r.areaConstruida,
  area_terreno: r.areaTerreno,
  situacao: r.situacao as SituacaoImovel,
  utilizacao: r.utilizacao,
  sectorId: r.sectorId,
  setor_responsavel: r.setorNome,
  formaAquisicaoId: r.formaAquisicaoId,
  forma_aquisicao: r.formaNome,
  data_aquisicao: r.dataAquisicao,
  valor_aquisicao: r.valorAquisicao,
  latitude: r.latitude,
  longitude: r.longitude,
  customFields: r.customFields ?? {},
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** File row → API shape (served only through the authorising route). */
export const toImovelArquivo = (f: ImovelFileRow): ImovelArquivo => ({
  id: f.id,
  kind: f.kind as ImovelArquivo['kind'],
  fileName: f.fileName,
  mimeType: f.mimeType,
  size: f.size,
  url: `/api/imoveis/${f.imovelId}/arquivos/${f.id}`,
  createdAt: f.createdAt.toISOString(),
  uploadedBy: f.uploadedByName,
});

/** The whole record: row, its photos and documents, its history (newest first). */
export const toImovel = (r: ImovelRow, files: ImovelFileRow[], history: ImovelHistRow[]): Imovel => ({
  ...toImovelListItem(r),
  municipalityId: r.municipalityId,
  observacoes: r.observacoes,
  fotos: files.filter((f) => f.kind === 'foto').map(toImovelArquivo),
  documentos: files.filter((f) => f.kind === 'documento').map(toImovelArquivo),
  historico: history.map((h) => ({
    id: h.id,
    date: h.at.toISOString(),
    action: h.action,
    details: h.details,
    user: h.userName,
  })),
  createdBy: r.createdByName,
});

export const toImovelField = (r: ImovelFieldRow): ImovelField => ({
  id: r.id,
  key: r.key,
  label: r.label,
  type: r.type as ImovelField['type'],
  required: r.required,
  isCustom: r.isCustom,
  isSystem: r.isSystem,
  options: r.options ?? null,
  position: r.position,
  version: r.version,
});
