import type { ImportError } from '../patrimonios/types';
import type { EstadoConservacao } from '../patrimonios/schemas';
import type { ImportacaoCatalog, ImportacaoMapping, ImportacaoStatusChoice } from './schemas';

/** 'analisando': an analysis job runs; 'expirada': its files were removed by the cleanup sweep. */
export type ImportacaoStatus =
  'enviada' | 'analisando' | 'analisada' | 'importando' | 'concluida' | 'falhou' | 'expirada';

/** An uploaded register: what was detected and the first rows. */
export interface Importacao {
  id: string;
  fileName: string;
  size: number;
  format: 'csv' | 'xlsx';
  /** 'UTF-8', 'ISO-8859-1' (Latin-1/Windows-1252), 'UTF-16'; null for XLSX. */
  encoding: string | null;
  /** ';' ',' '\t' '|'; null for XLSX. */
  separator: string | null;
  hasHeader: boolean;
  headers: string[];
  /** The first data rows, as text. */
  preview: string[][];
  suggestedMapping: ImportacaoMapping;
  status: ImportacaoStatus;
  jobId: string | null;
  createdAt: string;
}

/** One distinct value of a catalog column, how many rows carry it, and the existing row it matches. */
export interface DistinctValue {
  value: string;
  count: number;
  /** Same name (accent- and case-insensitive) as an existing row: its id and name. */
  match: { id: number; name: string } | null;
  /** For `local`: the sector value of the pair. */
  setor?: string;
}

export interface DistinctEnumValue {
  value: string;
  count: number;
  suggestion: ImportacaoStatusChoice | EstadoConservacao | null;
}

/** The analysis of a mapping: row counts, distinct values per catalog, and every bad row (pt-BR). */
export interface ImportacaoAnalise {
  total: number;
  valid: number;
  errorCount: number;
  /** The first errors (IMPORTACAO_LIMITS.inlineErrors); all are in GET /importacoes/:id/erros. */
  errors: ImportError[];
  distinct: Record<ImportacaoCatalog, DistinctValue[]>;
  enums: { status: DistinctEnumValue[]; estado: DistinctEnumValue[] };
  /** Numbers of the file that already exist in the register (counted in errors too). */
  duplicates: number;
}

/** The analysis job's result file (JSON): the analysis and the column names it read the file with. */
export interface ImportacaoAnaliseResult {
  importacaoId: string;
  analise: ImportacaoAnalise;
  headers: string[];
}

/** The import job's result file (JSON). */
export interface ImportacaoReport {
  importacaoId: string;
  total: number;
  created: number;
  createdCatalogs: Record<ImportacaoCatalog, number>;
  numeros: { first: string; last: string } | null;
}
