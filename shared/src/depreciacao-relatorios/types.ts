import type { DepreciacaoRelatorioTipo } from './schemas';

/** A column of a depreciation report: money as decimal strings ("1234.50"), dates 'YYYY-MM-DD'. */
export interface DepreciacaoRelatorioColuna {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'money' | 'date';
}

/** GET /api/depreciacao/relatorios/dados: what the PDF and the XLSX show. */
export interface DepreciacaoRelatorio {
  tipo: DepreciacaoRelatorioTipo;
  titulo: string;
  /** The filters in words ('Setor: Educação · Data: 31/12/2025'). */
  filtrosText: string;
  colunas: DepreciacaoRelatorioColuna[];
  linhas: Array<Record<string, string | number | null>>;
  /** The sum of each money column (and the count of assets), by column key. */
  totais: Record<string, string | number>;
  /** The last closed competência ('YYYY-MM'), null when none: figures after it are projected by the rules. */
  ultimaFechada: string | null;
}
