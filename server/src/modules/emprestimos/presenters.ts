import type { EmprestimoListItem, EmprestimoStatus, EstadoConservacao } from '@tombo/shared';
import type { emprestimos } from '../../db/schema';

export type EmprestimoRow = typeof emprestimos.$inferSelect;

/** A loan with what its list item shows of the asset and of the destination sector. */
export interface LoanRow {
  loan: EmprestimoRow;
  numeroPatrimonio: string;
  descricaoBem: string;
  sectorId: number;
  setorNome: string;
  setorDestinoNome: string | null;
}

/** Open, overdue (due before `today`, 'yyyy-MM-dd' in Brasília) or returned. */
export const loanStatus = (l: Pick<EmprestimoRow, 'returnedAt' | 'dataPrevistaDevolucao'>, today: string) =>
  (l.returnedAt ? 'devolvido' : l.dataPrevistaDevolucao < today ? 'atrasado' : 'aberto') as EmprestimoStatus;

/** Row → list item: the shape of lists, the record and live events. */
export const toLoanItem = (r: LoanRow, today: string): EmprestimoListItem => ({
  id: r.loan.id,
  patrimonioId: r.loan.patrimonioId,
  numero_patrimonio: r.numeroPatrimonio,
  descricao_bem: r.descricaoBem,
  sectorId: r.sectorId,
  setor_responsavel: r.setorNome,
  tomadorNome: r.loan.tomadorNome,
  tomadorDocumento: r.loan.tomadorDocumento,
  tomadorContato: r.loan.tomadorContato,
  setorDestinoId: r.loan.setorDestinoId,
  setorDestino: r.setorDestinoNome ?? r.loan.setorDestinoNome,
  dataEmprestimo: r.loan.createdAt.toISOString(),
  dataPrevistaDevolucao: r.loan.dataPrevistaDevolucao,
  observacoes: r.loan.observacoes,
  status: loanStatus(r.loan, today),
  registradoPorId: r.loan.createdById,
  registradoPorNome: r.loan.createdByName,
  dataDevolucao: r.loan.returnedAt?.toISOString() ?? null,
  estadoDevolucao: r.loan.estadoDevolucao as EstadoConservacao | null,
  observacoesDevolucao: r.loan.observacoesDevolucao,
  recebidoPorNome: r.loan.returnedByName,
  version: r.loan.version,
});
