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
  /** Numbers of the file that already exist in the register (counted in errors too, unless they update). */
  duplicates: number;
  /** With `atualizar`: the assets the file would update and what changes (the first ones; `count` all). */
  atualizacoes?: { count: number; unchanged: number; items: ImportacaoAtualizacao[] };
}

/** One asset a re-import updates: what changes, field by field (old → new, as shown). */
export interface ImportacaoAtualizacao {
  numero: string;
  line: number;
  changes: Array<{ field: string; label: string; old: string; new: string }>;
}

/** A row of the file refused by the import and kept to be corrected: its values and the error per field. */
export interface ImportacaoPendente {
  line: number;
  /** By field key ('numero', 'descricao', …; 'custom.<key>' for a custom field). */
  values: Record<string, string>;
  /** Field key → pt-BR message ('linha' for an error of the whole row). */
  errors: Record<string, string>;
}

/** GET /api/importacoes/:id/pendentes (and the answer of PUT). */
export interface ImportacaoPendentes {
  version: number;
  /** The fields a row shows, in order, with their labels (the mapped ones). */
  fields: Array<{ key: string; label: string }>;
  rows: ImportacaoPendente[];
}

/** POST /api/importacoes/:id/pendentes/confirmar */
export interface ImportacaoPendentesResult {
  importados: number;
  /** Rows still invalid: they stay pending. */
  pendentes: number;
  numeros: { first: string; last: string } | null;
  version: number;
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
  /** The lowest and highest number imported (in number order, not row order). */
  numeros: { first: string; last: string } | null;
  /** True when the numbers were issued from the numbering sequences (`generateNumbers`). */
  generated?: boolean;
  /** Existing assets updated by a re-import (`atualizar`). */
  updated?: number;
  /** Rows kept as pending (`pendentes: 'manter'`). */
  pending?: number;
}
