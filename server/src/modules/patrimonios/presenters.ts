import {
  PATRIMONIO_STANDARD_KEYS,
  type EstadoConservacao,
  type HistoricoEntry,
  type Patrimonio,
  type PatrimonioArquivo,
  type PatrimonioListItem,
  type PatrimonioStandardKey,
  type PatrimonioStatus,
} from '@tombo/shared';
import { isoOf } from '../../db/columns';
import type { patrimonioArquivos, patrimonioHistorico, patrimonios } from '../../db/schema';

export type Row = typeof patrimonios.$inferSelect;
export type FileRow = typeof patrimonioArquivos.$inferSelect;
export type HistRow = typeof patrimonioHistorico.$inferSelect;

/** The columns a list item is made of (the list reads only these). */
export const LIST_ITEM_COLUMNS = [
  'id',
  'numeroPatrimonio',
  'descricaoBem',
  'tipoId',
  'tipoNome',
  'sectorId',
  'setorNome',
  'localId',
  'localNome',
  'formaAquisicaoId',
  'formaNome',
  'valorAquisicao',
  'quantidade',
  'dataAquisicao',
  'status',
  'estadoConservacao',
  'doado',
  'transferenciaPendente',
  'customFields',
  ...PATRIMONIO_STANDARD_KEYS,
  'createdAt',
  'updatedAt',
  'version',
] as const satisfies ReadonlyArray<keyof Row>;
export type ListRow = Pick<Row, (typeof LIST_ITEM_COLUMNS)[number]>;
/** A list row as the list's plain SQL reads it: its timestamps as node-postgres' text. */
export type ListTextRow = Omit<ListRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** The standard fields of a row (issue 35), each under its API name, which is its column's key. */
const standardOf = (r: Pick<Row, PatrimonioStandardKey>) =>
  Object.fromEntries(PATRIMONIO_STANDARD_KEYS.map((k) => [k, r[k] ?? null])) as Pick<
    PatrimonioListItem,
    PatrimonioStandardKey
  >;

/** Row → list item: the shape of lists, exports and live events. */
export const toListItem = (r: ListRow | ListTextRow): PatrimonioListItem => ({
  id: r.id,
  numero_patrimonio: r.numeroPatrimonio,
  descricao_bem: r.descricaoBem,
  tipoId: r.tipoId,
  tipo: r.tipoNome,
  sectorId: r.sectorId,
  setor_responsavel: r.setorNome,
  localId: r.localId,
  local_objeto: r.localNome,
  formaAquisicaoId: r.formaAquisicaoId,
  forma_aquisicao: r.formaNome,
  valor_aquisicao: r.valorAquisicao,
  quantidade: r.quantidade,
  data_aquisicao: r.dataAquisicao,
  status: r.status as PatrimonioStatus,
  estado_conservacao: r.estadoConservacao as EstadoConservacao | null,
  doado: r.doado,
  transferencia_pendente: r.transferenciaPendente,
  customFields: r.customFields ?? {},
  ...standardOf(r),
  createdAt: isoOf(r.createdAt),
  updatedAt: isoOf(r.updatedAt),
  version: r.version,
});

/** File row → API shape (served only through the authorising route). */
export const toArquivo = (f: FileRow): PatrimonioArquivo => ({
  id: f.id,
  kind: f.kind as 'foto' | 'documento',
  fileName: f.fileName,
  mimeType: f.mimeType,
  size: f.size,
  url: `/api/patrimonios/${f.patrimonioId}/arquivos/${f.id}`,
  createdAt: f.createdAt.toISOString(),
  uploadedBy: f.uploadedByName,
});

/** History row → API shape. */
export const toHistorico = (h: HistRow): HistoricoEntry => ({
  id: h.id,
  date: h.at.toISOString(),
  action: h.action,
  details: h.details,
  user: h.userName,
});

/** The whole record of the view page: list item, files and history (newest first). */
export const toPatrimonio = (r: Row, files: FileRow[], history: HistRow[]): Patrimonio => ({
  ...toListItem(r),
  municipalityId: r.municipalityId,
  observacoes: r.observacoes,
  fotos: files.filter((f) => f.kind === 'foto').map(toArquivo),
  documentos: files.filter((f) => f.kind === 'documento').map(toArquivo),
  historico_movimentacao: history.map(toHistorico),
  createdBy: r.createdByName,
  dataEntradaServico: r.dataEntradaServico ?? r.dataAquisicao,
  vidaUtilMeses: r.vidaUtilMeses,
  residualPct: r.residualPct == null ? null : Number(r.residualPct).toFixed(2),
  dadosOrigem: Array.isArray(r.dadosOrigem) ? r.dadosOrigem : [],
});
