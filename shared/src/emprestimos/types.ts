import type { EstadoConservacao, PatrimonioStatus } from '../patrimonios/schemas';
import type { EmprestimoStatus } from './schemas';

/** A loan as lists, the record and live events show it. */
export interface EmprestimoListItem {
  id: number;
  patrimonioId: number;
  numero_patrimonio: string;
  descricao_bem: string;
  /** The asset's own sector (who may see the loan follows it). */
  sectorId: number;
  setor_responsavel: string;
  tomadorNome: string;
  tomadorDocumento: string | null;
  tomadorContato: string | null;
  setorDestinoId: number | null;
  setorDestino: string | null;
  /** ISO date-time the loan was registered. */
  dataEmprestimo: string;
  /** 'yyyy-MM-dd' */
  dataPrevistaDevolucao: string;
  observacoes: string | null;
  status: EmprestimoStatus;
  /** Who registered the loan (the lender, warned by the overdue job). */
  registradoPorId: number | null;
  registradoPorNome: string | null;
  /** ISO date-time of the return, null while open. */
  dataDevolucao: string | null;
  estadoDevolucao: EstadoConservacao | null;
  observacoesDevolucao: string | null;
  recebidoPorNome: string | null;
  version: number;
}

export interface EmprestimoList {
  emprestimos: EmprestimoListItem[];
  total: number;
  page: number;
  pageSize: number;
  /** Loans not returned and past due in the caller's scope, whatever the filters (the tab's badge). */
  atrasados: number;
}

/** An asset offered by the new-loan picker; `indisponivel` says why it cannot be lent now. */
export interface EmprestimoBem {
  id: number;
  numero_patrimonio: string;
  descricao_bem: string;
  sectorId: number;
  setor_responsavel: string;
  status: PatrimonioStatus;
  indisponivel: string | null;
}
