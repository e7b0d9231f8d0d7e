import type { PapelConta } from './plano-padrao';

/** An account of the municipality's patrimonial chart. */
export interface ContaContabil {
  id: number;
  codigo: string;
  nome: string;
  papel: PapelConta;
  version: number;
}

/** The accounts of an asset type or property kind (ids; null = not mapped). */
export interface ContasMapeamento {
  ativo: number | null;
  depreciacaoAcumulada: number | null;
  reducaoValorRecuperavel: number | null;
  vpdDepreciacao: number | null;
}

export interface ContasImovel {
  situacao: string;
  contas: ContasMapeamento;
  version: number;
}

export interface ContabilidadeConfig {
  prazoDia: number;
  incorporacaoCompra: 'contabilidade' | 'transitoria';
  contaTransitoriaId: number | null;
  /** The day the municipality's ledger started (its opening balances), or null. */
  inicio: string | null;
  version: number;
}

export const FATOS_CONTABEIS = [
  'abertura',
  'depreciacao',
  'incorporacao',
  'reavaliacao',
  'reducao',
  'reversao',
  'baixa',
  'doacao',
  'transferencia',
  'correcao',
  'estorno',
] as const;
export type FatoContabil = (typeof FATOS_CONTABEIS)[number];

/** pt-BR names of the facts an entry records (screens and papers). */
export const FATO_CONTABIL_LABELS: Record<FatoContabil, string> = {
  abertura: 'Saldo de abertura',
  depreciacao: 'Depreciação',
  incorporacao: 'Incorporação',
  reavaliacao: 'Reavaliação',
  reducao: 'Redução ao valor recuperável',
  reversao: 'Reversão de redução',
  baixa: 'Baixa',
  doacao: 'Doação concedida',
  transferencia: 'Transferência',
  correcao: 'Correção',
  estorno: 'Estorno',
};

/** The supporting document of an entry (what is known). */
export interface DocumentoLancamento {
  patrimonioId?: number;
  /** The property (imóvel) of an entry about one property. */
  imovelId?: number;
  numero?: string;
  processo?: string;
  notaFiscal?: string;
  empenho?: string;
  competencia?: string;
  motivo?: string;
  /** Another supporting document's reference (a revaluation's report, an impairment test). */
  referencia?: string;
  /**
   * A purchase the accounting system has already posted at its liquidação (settings `incorporacaoCompra:
   * 'contabilidade'`): the subsidiary ledger's record of it, for the statement and the reconciliation; an
   * accounting system pulling the entries does not post it again.
   */
  registroAuxiliar?: boolean;
}

export interface Partida {
  conta: { id: number; codigo: string; nome: string };
  /** "1234.50"; "0.00" on the other side. */
  debito: string;
  credito: string;
  /** The asset's number and type (TCE layouts' conta corrente), or null for a total. */
  contaCorrente: string | null;
}

export interface LancamentoContabil {
  id: number;
  /** The date of the fact, 'YYYY-MM-DD'. */
  data: string;
  fato: FatoContabil;
  historico: string;
  documento: DocumentoLancamento;
  estornoDe: number | null;
  estornadoPor: number | null;
  partidas: Partida[];
}

export interface LancamentosPagina {
  lancamentos: LancamentoContabil[];
  /** Pass it back to read on; the same cursor when nothing new was found. */
  cursor: string;
}
