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
export const loanStatus = (l: Pick<EmprestimoRow, 'returnedAt' | 'dueDate'>, today: string) =>
  (l.returnedAt ? 'devolvido' : l.dueDate < today ? 'atrasado' : 'aberto') as EmprestimoStatus;

/** Row → list item: the shape of lists, the record and live events. */
export const toLoanItem = (r: LoanRow, today: string): EmprestimoListItem => ({
  id: r.loan.id,
  patrimonioId: r.loan.patrimonioId,
  numero_patrimonio: r.numeroPatrimonio,
  descricao_bem: r.descricaoBem,
  sectorId: r.sectorId,
  setor_responsavel: r.setorNome,
  tomadorNome: r.loan.borrowerName,
  tomadorDocumento: r.loan.borrowerDocument,
  tomadorContato: r.loan.borrowerContact,
  setorDestinoId: r.loan.destinationSectorId,
  setorDestino: r.setorDestinoNome ?? r.loan.destinationSectorName,
  dataEmprestimo: r.loan.createdAt.toISOString(),
  dataPrevistaDevolucao: r.loan.dueDate,
  observacoes: r.loan.notes,
  status: loanStatus(r.loan, today),
  registradoPorId: r.loan.createdById,
  registradoPorNome: r.loan.createdByName,
  dataDevolucao: r.loan.returnedAt?.toISOString() ?? null,
  estadoDevolucao: r.loan.returnCondition as EstadoConservacao | null,
  observacoesDevolucao: r.loan.returnNotes,
  recebidoPorNome: r.loan.returnedByName,
  version: r.loan.version,
});
