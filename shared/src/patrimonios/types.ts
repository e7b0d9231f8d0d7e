import type { CustomFieldValues, EstadoConservacao, PatrimonioStatus } from './schemas';
import type { DadoOrigem } from './standard-fields';

// Shapes returned by the API.
export interface HistoricoEntry {
  id: number;
  /** ISO date-time */
  date: string;
  action: string;
  details: string;
  /** Name of the person who did it. */
  user: string | null;
}
export interface PatrimonioArquivo {
  id: string;
  kind: 'foto' | 'documento';
  fileName: string;
  mimeType: string;
  size: number;
  /** GET it with the Authorization header (served only to the municipality's users). */
  url: string;
  createdAt: string;
  uploadedBy: string | null;
}

/** A row of the list (what the grid shows). */
export interface PatrimonioListItem {
  id: number;
  numero_patrimonio: string;
  descricao_bem: string;
  tipoId: number | null;
  tipo: string | null;
  sectorId: number;
  setor_responsavel: string;
  localId: number | null;
  local_objeto: string | null;
  formaAquisicaoId: number | null;
  forma_aquisicao: string | null;
  /** "1234.50" */
  valor_aquisicao: string;
  quantidade: number;
  /** 'YYYY-MM-DD' */
  data_aquisicao: string | null;
  status: PatrimonioStatus;
  estado_conservacao: EstadoConservacao | null;
  doado: boolean;
  transferencia_pendente: boolean;
  customFields: CustomFieldValues;
  marca: string | null;
  modelo: string | null;
  numeroSerie: string | null;
  fornecedorNome: string | null;
  /** The 14 digits (shown formatted: `cnpjText`). */
  fornecedorCnpj: string | null;
  notaFiscalNumero: string | null;
  /** 'YYYY-MM-DD' */
  notaFiscalData: string | null;
  empenho: string | null;
  processoAquisicao: string | null;
  fonteRecurso: string | null;
  /** 'YYYY-MM-DD' */
  dataBaixa: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}
/** The whole record (GET /:id, POST, PUT). */
export interface Patrimonio extends PatrimonioListItem {
  municipalityId: number;
  observacoes: string | null;
  fotos: PatrimonioArquivo[];
  documentos: PatrimonioArquivo[];
  /** Newest first. */
  historico_movimentacao: HistoricoEntry[];
  createdBy: string | null;
  /** 'YYYY-MM-DD': entry into service, where depreciation starts (the acquisition date when never set). */
  dataEntradaServico: string | null;
  /** The asset's own useful life in months (null: its type's). */
  vidaUtilMeses: number | null;
  /** The asset's own residual value in % ("10.00"; null: its type's). */
  residualPct: string | null;
  /** An imported file's columns that map to no field, in the file's order (empty when none). */
  dadosOrigem: DadoOrigem[];
}
export interface PatrimonioList {
  patrimonios: PatrimonioListItem[];
  total: number;
  page: number;
  pageSize: number;
}
export interface PatrimonioSync {
  patrimonios: PatrimonioListItem[];
  nextAfter: number | null;
}
export type PatrimonioDeleteResult =
  { deleted: true; writtenOff: false; id: number } | { deleted: false; writtenOff: true; patrimonio: Patrimonio };

/** Public consultation: public fields only. */
export interface PublicPatrimonio {
  numero_patrimonio: string;
  descricao_bem: string;
  tipo: string | null;
  setor_responsavel: string;
  local_objeto: string | null;
  status: PatrimonioStatus;
  data_aquisicao: string | null;
  municipio: string;
}
export interface PublicPatrimonioList {
  /** The municipality answered (the one named, or the installation's only open one when none is). */
  municipio: { id: number; name: string; slug: string };
  patrimonios: PublicPatrimonio[];
  /** Counted up to 10,000 (`totalExact` false beyond: "mais de 10.000"). */
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  /** Cursor of the next page (pass it as `after`), null on the last one. */
  nextAfter: string | null;
}

export interface ImportError {
  line: number;
  field: string;
  message: string;
}
export interface ImportReport {
  mode: 'dry-run' | 'commit';
  total: number;
  valid: number;
  /** Rows created (commit only; 0 in a dry run). */
  created: number;
  errors: ImportError[];
  /** First and last numbers assigned (commit). */
  numeros?: { first: string; last: string } | null;
}
