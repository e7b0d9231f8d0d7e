import { z } from 'zod';
import { idNumber, trimmed, version } from '../common';
import { exportPatrimoniosBody } from '../jobs';
import { PATRIMONIO_SHEET_COLUMNS } from '../patrimonios/schemas';
import { PATRIMONIO_STANDARD_SHEET_COLUMNS } from '../patrimonios/standard-fields';
import { EXPORT_MSG } from './messages';

/** How a column's value is written: text, a number, money (R$) or a date (dd/mm/aaaa). */
export type ExportColumnKind = 'text' | 'number' | 'money' | 'date';

/**
 * The asset register's fields an export may hold: the columns the register's import reads (same
 * keys and headers, so a file with them imports back), plus custom fields as `cf:<key>` (checked
 * against the municipality's form fields by the server).
 */
export const EXPORT_COLUMNS: ReadonlyArray<{ key: string; header: string; kind: ExportColumnKind; width: number }> = [
  ...PATRIMONIO_SHEET_COLUMNS.map((c): { key: string; header: string; kind: ExportColumnKind; width: number } => ({
    key: c.key,
    header: c.header,
    width: c.width,
    kind:
      c.key === 'valor_aquisicao'
        ? 'money'
        : c.key === 'data_aquisicao'
          ? 'date'
          : c.key === 'quantidade'
            ? 'number'
            : 'text',
  })),
  // The standard fields of real registers and the dados de origem (issue 35).
  ...PATRIMONIO_STANDARD_SHEET_COLUMNS,
];
export const EXPORT_COLUMN_KEYS = EXPORT_COLUMNS.map((c) => c.key);
/** Prefix of a custom field's column key (`cf:marca`). */
export const CUSTOM_COLUMN_PREFIX = 'cf:';
export const isBuiltInColumn = (key: string) => EXPORT_COLUMN_KEYS.includes(key);

const columnKey = z
  .string({ error: 'Informe a chave da coluna.' })
  .trim()
  .min(1, { error: 'Informe a chave da coluna.' })
  .max(70, { error: 'Chave de coluna muito longa.' });
export const exportColumn = z.strictObject({ key: columnKey, header: trimmed('Cabeçalho', 120) });

const columns = z
  .array(exportColumn, { error: EXPORT_MSG.noColumns })
  .min(1, { error: EXPORT_MSG.noColumns })
  .max(80, { error: 'No máximo 80 colunas.' })
  .superRefine((cols, ctx) => {
    const seen = new Set<string>();
    cols.forEach((c, i) => {
      if (!isBuiltInColumn(c.key) && !c.key.startsWith(CUSTOM_COLUMN_PREFIX))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: EXPORT_MSG.unknownColumn(c.key) });
      else if (seen.has(c.key))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: EXPORT_MSG.duplicateColumn(c.key) });
      seen.add(c.key);
    });
  });

export const exportTemplateCreateBody = z.strictObject({ name: trimmed('Nome', 120), columns });
export const exportTemplateUpdateBody = z.strictObject({ name: trimmed('Nome', 120), columns, version });
export type ExportTemplateCreate = z.infer<typeof exportTemplateCreateBody>;
export type ExportTemplateUpdate = z.infer<typeof exportTemplateUpdateBody>;

/** The asset list filters of GET /api/patrimonios (no paging/sorting), as every generation takes them. */
export const exportFiltros = exportPatrimoniosBody.omit({ format: true });
export type ExportFiltros = z.input<typeof exportFiltros>;

/** Body of POST /api/exportacoes: the format, a template (none = all columns) and the list filters. */
export const exportacaoBody = z.strictObject({
  formato: z.enum(['xlsx', 'csv'], { error: 'Formato inválido (xlsx ou csv).' }),
  templateId: idNumber().optional(),
  filtros: exportFiltros.optional(),
});
export type ExportacaoBody = z.input<typeof exportacaoBody>;
