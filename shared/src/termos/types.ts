import type { TermoStatus } from './schemas';

/** One asset line of a term (a snapshot taken when the version was recorded). */
export interface TermoItem {
  numero: string;
  descricao: string;
  marcaModeloSerie: string | null;
  local: string | null;
  estado: string | null;
  /** "1234.50" */
  valor: string;
}

/** One version of a custody term, as listed. */
export interface TermoVersao {
  id: number;
  /** 'TR-2026/000123': the same for every version of one holder's term. */
  numero: string;
  versao: number;
  setorId: number;
  setorNome: string;
  localId: number | null;
  localNome: string | null;
  responsavel: string | null;
  motivo: string;
  automatico: boolean;
  itens: number;
  /** "1234.50" */
  total: string;
  status: TermoStatus;
  error: string | null;
  createdAt: string;
  createdBy: string | null;
  jobId: string | null;
}
export interface TermoVersaoList {
  termos: TermoVersao[];
  total: number;
}
