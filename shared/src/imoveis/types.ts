import type { RecorrenciaManutencao, SituacaoImovel, StatusManutencaoExibido, TipoManutencao } from './values';

// Shapes the real-estate API answers (issue 13). Money and areas are decimal strings ("1234.50").

export interface ImovelArquivo {
  id: string;
  kind: 'foto' | 'documento' | 'anexo';
  fileName: string;
  mimeType: string;
  size: number;
  /** GET it with the Authorization header (served only to the municipality's users). */
  url: string;
  createdAt: string;
  uploadedBy: string | null;
}

/** A row of the list. */
export interface ImovelListItem {
  id: number;
  numero_patrimonio: string;
  denominacao: string;
  endereco: string;
  cep: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  area_construida: string | null;
  area_terreno: string | null;
  situacao: SituacaoImovel;
  utilizacao: string | null;
  sectorId: number | null;
  setor_responsavel: string | null;
  formaAquisicaoId: number | null;
  forma_aquisicao: string | null;
  /** 'YYYY-MM-DD' */
  data_aquisicao: string | null;
  valor_aquisicao: string | null;
  latitude: string | null;
  longitude: string | null;
  customFields: Record<string, string | number | boolean | null>;
  createdAt: string;
  updatedAt: string;
  version: number;
}
/** The whole record (GET /:id, POST, PUT). */
export interface Imovel extends ImovelListItem {
  municipalityId: number;
  observacoes: string | null;
  fotos: ImovelArquivo[];
  documentos: ImovelArquivo[];
  /** Newest first: { id, date, action, details, user }. */
  historico: Array<{ id: number; date: string; action: string; details: string; user: string | null }>;
  createdBy: string | null;
}
export interface ImovelList {
  imoveis: ImovelListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Manutencao {
  id: number;
  imovelId: number;
  imovel: { id: number; numero_patrimonio: string; denominacao: string };
  titulo: string;
  tipo: TipoManutencao;
  /** 'YYYY-MM-DD'; `dueDate` carries the same value (spec §3). */
  dataPrevista: string;
  dueDate: string;
  /** The stored state, or 'atrasada' when pending/in progress past its date. */
  status: StatusManutencaoExibido;
  responsavel: string | null;
  custoEstimado: string | null;
  custoReal: string | null;
  observacoes: string | null;
  recorrencia: RecorrenciaManutencao | null;
  dataConclusao: string | null;
  origemId: number | null;
  anexos: ImovelArquivo[];
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** A field of the property form (GET /api/imovel-fields → { fields, total }). */
export interface ImovelField {
  id: number;
  key: string;
  label: string;
  type: 'TEXT' | 'TEXTAREA' | 'NUMBER' | 'DATE' | 'SELECT' | 'BOOLEAN';
  required: boolean;
  /** A custom value (kept in the property's `customFields`); false for denominacao/endereco (columns). */
  isCustom: boolean;
  /** Cannot be deleted; its type cannot change. */
  isSystem: boolean;
  options: string[] | null;
  position: number;
  version: number;
}
export interface ImovelFieldList {
  fields: ImovelField[];
  total: number;
}
/** POST /api/imoveis/importar: 201 with the count, or 400 with the errors per row (nothing imported). */
export interface ImovelImportResult {
  imported: number;
}
