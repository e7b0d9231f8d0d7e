import type {
  EstadoInventario,
  InventarioScope,
  InventarioStatus,
  InventarioTipo,
  ItemStatus,
  LeituraResultado,
} from './schemas';

export interface InventarioMembro {
  id: number;
  name: string;
}

/** An inventory as the list, the record and live events show it. */
export interface InventarioListItem {
  id: number;
  title: string;
  description: string | null;
  tipo: InventarioTipo;
  sectorId: number;
  /** The sector's name (spec §7 `setor`). */
  setor: string;
  scope: InventarioScope;
  locationType: string | null;
  specificLocationId: number | null;
  /** The specific location's name (spec §7 `local`), null for the other scopes. */
  local: string | null;
  /** 'yyyy-MM-dd' */
  dataInicio: string;
  status: InventarioStatus;
  /** ISO date-time, null while in progress. */
  finalizedAt: string | null;
  totalItens: number;
  /** Items counted (found + local_divergente). */
  encontrados: number;
  divergentes: number;
  createdByNome: string | null;
  comissao: InventarioMembro[];
  version: number;
}

export interface InventarioList {
  inventarios: InventarioListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface InventarioContador {
  id: number;
  name: string;
  leituras: number;
}

/** GET /api/inventarios/:id */
export interface InventarioDetail extends InventarioListItem {
  porStatus: Record<ItemStatus, number>;
  /** Readings 'nao_inventariado' + 'nao_cadastrado'. */
  ocorrencias: number;
  contadores: InventarioContador[];
}

/** One asset of the inventory's snapshot. */
export interface InventarioItem {
  id: number;
  patrimonioId: number;
  numero_patrimonio: string;
  descricao_bem: string;
  /** Registered location (when the inventory was created). */
  localId: number | null;
  localNome: string | null;
  status: ItemStatus;
  localEncontradoId: number | null;
  localEncontradoNome: string | null;
  estado: EstadoInventario | null;
  nota: string | null;
  lidoPorNome: string | null;
  /** ISO date-time of the reading that counted it. */
  lidoEm: string | null;
  /** Book value (valor de aquisição), decimal string. */
  valor: string;
}

export interface InventarioItens {
  itens: InventarioItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LeituraResult {
  /** The client's reading id. */
  id: string;
  resultado: LeituraResultado;
  item?: InventarioItem;
  message: string;
}

export interface LeiturasResponse {
  resultados: LeituraResult[];
}

/** A line of the reading log. */
export interface InventarioLeitura {
  id: string;
  /** Cursor of this line (pass the last one as `after`). */
  seq: string;
  numero: string;
  resultado: LeituraResultado;
  patrimonioId: number | null;
  descricao_bem: string | null;
  localId: number | null;
  localNome: string | null;
  estado: EstadoInventario | null;
  nota: string | null;
  lidoPorId: number | null;
  lidoPorNome: string | null;
  lidoEm: string;
  recebidoEm: string;
}

export interface InventarioLeituras {
  leituras: InventarioLeitura[];
  /** Pass as `after` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export interface FinalizarResponse {
  inventario: InventarioListItem;
  extraviados: { id: number; numero_patrimonio: string; descricao_bem: string }[];
}

export interface InventarioResumoLocal {
  localId: number | null;
  localNome: string | null;
  esperados: number;
  encontrados: number;
  divergentes: number;
  faltantes: number;
  valorEsperado: string;
  valorEncontrado: string;
}

export interface InventarioOcorrencia {
  numero: string;
  resultado: 'nao_inventariado' | 'nao_cadastrado';
  lidoPorNome: string | null;
  lidoEm: string;
  nota: string | null;
}

/** GET /api/inventarios/:id/resumo */
export interface InventarioResumo {
  inventario: InventarioListItem;
  porStatus: Record<ItemStatus, number>;
  porLocal: InventarioResumoLocal[];
  porEstado: { estado: EstadoInventario | null; n: number }[];
  porContador: { userId: number | null; name: string; leituras: number }[];
  ocorrencias: InventarioOcorrencia[];
  valores: { esperado: string; encontrado: string; faltante: string };
}
