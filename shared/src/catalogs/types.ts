import type { ContasMapeamento } from '../contabilidade/types';
/** An asset type (tipo de bem) as the API returns it. */
export interface TipoBem {
  id: number;
  name: string;
  active: boolean;
  usefulLifeMonths: number | null;
  /** "10.00" */
  residualValuePct: string | null;
  /** False for what is never depreciated (land, works of art). */
  depreciavel: boolean;
  /** Its accounts of the chart (issue 36). */
  contas: ContasMapeamento;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface TipoBemList {
  tiposBens: TipoBem[];
  total: number;
}

/** An acquisition form (forma de aquisição) as the API returns it. */
export interface FormaAquisicao {
  id: number;
  nome: string;
  ativo: boolean;
  municipalityId: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
export interface FormaAquisicaoList {
  formasAquisicao: FormaAquisicao[];
  total: number;
}
