import type { ExportColumn } from './types';

/**
 * Spec §9: the export template every municipality starts with. The migration's SQL function
 * `seed_export_templates` inserts the same rows (a test checks that they match).
 */
export const DEFAULT_EXPORT_TEMPLATES: ReadonlyArray<{ name: string; columns: ExportColumn[] }> = [
  {
    name: 'Relatório Simples',
    columns: [
      { key: 'numero_patrimonio', header: 'Nº Patrimônio' },
      { key: 'descricao_bem', header: 'Descrição' },
    ],
  },
];
