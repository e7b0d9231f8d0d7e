import { formatDate } from '../format/dates';
import { ESTADO_CONSERVACAO_LABELS } from '../patrimonios/messages';
import type { EstadoConservacao } from '../patrimonios/schemas';
import type { EmprestimoStatus } from './schemas';

/** Labels of a loan's status (the list's tabs and chips). */
export const EMPRESTIMO_STATUS_LABELS: Record<EmprestimoStatus, string> = {
  aberto: 'Em aberto',
  atrasado: 'Atrasado',
  devolvido: 'Devolvido',
};

/** Actions of the asset's history lines written by loans. */
export const LOAN_HISTORY_ACTIONS = { lent: 'Empréstimo', returned: 'Devolução' } as const;

const estado = (e: EstadoConservacao) => ESTADO_CONSERVACAO_LABELS[e] ?? e;

/** pt-BR texts of the loans area: toasts, errors, history lines and notifications. */
export const LOAN_MSG = {
  created: 'Empréstimo registrado com sucesso.',
  returned: 'Devolução registrada com sucesso.',
  extended: 'Prazo do empréstimo prorrogado.',
  extendReturned: 'Este empréstimo já foi devolvido e não pode ser prorrogado.',
  extendNotLater: (current: string) => `A nova data prevista deve ser posterior à atual (${formatDate(current)}).`,
  /** History line of an extension (action 'Empréstimo'). */
  extendedDetails: (e: { tomadorNome: string; de: string; para: string; motivo: string | null }) =>
    `Empréstimo para ${e.tomadorNome} prorrogado: devolução prevista passou de ${formatDate(e.de)} para ${formatDate(e.para)}.` +
    `${e.motivo ? ` Motivo: ${e.motivo}` : ''}`,
  loadFailed: 'Falha ao carregar empréstimos.',
  notFound: 'Empréstimo não encontrado.',
  assetNotFound: 'Bem não encontrado.',
  sectorNotFound: 'Setor de destino não encontrado.',
  sameSector: 'O setor de destino deve ser diferente do setor do bem.',
  alreadyOpen: 'Este bem já está emprestado. Registre a devolução antes de um novo empréstimo.',
  alreadyReturned: 'Este empréstimo já foi devolvido.',
  writtenOff: 'Bem baixado não pode ser emprestado.',
  donated: 'Bem doado não pode ser emprestado.',
  lost: 'Bem extraviado não pode ser emprestado.',
  pendingTransfer: 'Este bem tem uma transferência pendente e não pode ser emprestado.',
  tomadorRequired: 'O nome de quem recebe o bem é obrigatório.',
  dueDateRequired: 'Informe a data prevista de devolução.',
  dueDateInvalid: 'Data prevista de devolução inválida (use dd/mm/aaaa).',
  dueDatePast: 'A data prevista de devolução não pode estar no passado.',
  dueDateTooFar: 'A data prevista de devolução deve ser em no máximo 5 anos.',
  estadoRequired: 'Informe o estado do bem na devolução.',
  cpfInvalid: 'CPF inválido.',
  cnpjInvalid: 'CNPJ inválido.',
  documentoInvalid: 'Documento inválido: informe CPF, CNPJ, RG ou matrícula (3 a 30 letras, números, ".", "-" ou "/").',
  /** History line of a loan (action 'Empréstimo'). */
  lentDetails: (l: {
    tomadorNome: string;
    tomadorDocumento: string | null;
    setorDestino: string | null;
    dataPrevistaDevolucao: string;
    observacoes: string | null;
  }) =>
    `Emprestado para ${l.tomadorNome}${l.tomadorDocumento ? ` (${l.tomadorDocumento})` : ''}` +
    `${l.setorDestino ? `, setor ${l.setorDestino}` : ''}; devolução prevista para ${formatDate(l.dataPrevistaDevolucao)}.` +
    `${l.observacoes ? ` Observações: ${l.observacoes}` : ''}`,
  /** History line of a return (action 'Devolução'). */
  returnedDetails: (r: {
    tomadorNome: string;
    estadoDevolucao: EstadoConservacao;
    estadoAnterior: EstadoConservacao | null;
    atrasado: boolean;
    observacoes: string | null;
  }) =>
    `Devolvido por ${r.tomadorNome}${r.atrasado ? ' (com atraso)' : ''}; estado na devolução: ${estado(r.estadoDevolucao)}` +
    `${r.estadoAnterior && r.estadoAnterior !== r.estadoDevolucao ? ` (antes: ${estado(r.estadoAnterior)})` : ''}.` +
    `${r.observacoes ? ` Observações: ${r.observacoes}` : ''}`,
  overdueTitle: 'Empréstimo em atraso',
  overdueDescription: (numero: string, tomador: string, due: string) =>
    `O empréstimo do bem ${numero} para ${tomador} venceu em ${formatDate(due)} e ainda não foi devolvido.`,
  dueTomorrowTitle: 'Devolução prevista para amanhã',
  dueTomorrowDescription: (numero: string, tomador: string, due: string) =>
    `O bem ${numero}, emprestado para ${tomador}, deve ser devolvido amanhã (${formatDate(due)}).`,
} as const;
