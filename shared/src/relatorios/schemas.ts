import { z } from 'zod';
import { idFromText, idNumber, trimmed, version } from '../common';
import { exportPatrimoniosBody } from '../jobs';
import { PATRIMONIO_SHEET_COLUMNS, PATRIMONIO_STATUSES } from '../patrimonios/schemas';

/** The grid of a report layout: 12 columns (spec §3 Report template). */
export const REPORT_GRID_COLUMNS = 12;
/** Limits of a template and of one generated report. */
export const RELATORIO_LIMITS = {
  maxBlocks: 30,
  maxFields: 12,
  maxRows: 20_000,
  previewRows: 50,
  maxConfigsPerUser: 50,
} as const;

/** Asset keys a report may show (the columns of the asset spreadsheet). */
export const REPORT_FIELD_KEYS = PATRIMONIO_SHEET_COLUMNS.map((c) => c.key) as unknown as readonly [
  (typeof PATRIMONIO_SHEET_COLUMNS)[number]['key'],
  ...(typeof PATRIMONIO_SHEET_COLUMNS)[number]['key'][],
];
export type ReportFieldKey = (typeof PATRIMONIO_SHEET_COLUMNS)[number]['key'];

export const REPORT_BLOCK_TYPES = ['HEADER', 'TABLE', 'FOOTER', 'TEXT', 'CHART'] as const;
export type ReportBlockType = (typeof REPORT_BLOCK_TYPES)[number];
export const REPORT_CHART_KINDS = ['bar', 'pie'] as const;
/** What a chart groups the assets by: sector, type, status, location, acquisition form. */
export const REPORT_GROUP_BY = ['setor', 'tipo', 'status', 'local', 'forma'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BY)[number];
/** What a chart measures: how many assets, or the sum of their acquisition values. */
export const REPORT_MEASURES = ['quantidade', 'valor'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida (use #RRGGBB).' });

export const reportBlockStyles = z.strictObject({
  fontSize: z
    .number({ error: 'Tamanho de fonte inválido.' })
    .int({ error: 'Tamanho de fonte inválido.' })
    .min(6, { error: 'Fonte mínima: 6 pt.' })
    .max(40, { error: 'Fonte máxima: 40 pt.' })
    .optional(),
  align: z.enum(['left', 'center', 'right'], { error: 'Alinhamento inválido.' }).optional(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  color: hexColor.optional(),
  background: hexColor.optional(),
});
export type ReportBlockStyles = z.infer<typeof reportBlockStyles>;

export const reportBlockProps = z.strictObject({
  /** Text of a TEXT block, title of a HEADER, extra line of a FOOTER. Placeholders: {{total_bens}}, {{valor_total}}, {{data}}, {{municipio}}. */
  content: z.string().max(2000, { error: 'Texto muito longo (máximo 2000 caracteres).' }).optional(),
  chartKind: z.enum(REPORT_CHART_KINDS, { error: 'Tipo de gráfico inválido.' }).optional(),
  groupBy: z.enum(REPORT_GROUP_BY, { error: 'Agrupamento inválido.' }).optional(),
  measure: z.enum(REPORT_MEASURES, { error: 'Medida inválida.' }).optional(),
});
export type ReportBlockProps = z.infer<typeof reportBlockProps>;

const gridInt = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} inválido.` })
    .int({ error: `${label} inválido.` })
    .min(min, { error: `${label} deve ser no mínimo ${min}.` })
    .max(max, { error: `${label} deve ser no máximo ${max}.` });

export const reportBlock = z
  .strictObject({
    id: z.string().trim().min(1, { error: 'Identificador do bloco obrigatório.' }).max(40),
    type: z.enum(REPORT_BLOCK_TYPES, { error: 'Tipo de bloco inválido.' }),
    x: gridInt('x', 0, REPORT_GRID_COLUMNS - 1),
    y: gridInt('y', 0, 200),
    w: gridInt('Largura', 1, REPORT_GRID_COLUMNS),
    h: gridInt('Altura', 1, 60),
    styles: reportBlockStyles.default({}),
    props: reportBlockProps.default({}),
  })
  .superRefine((b, ctx) => {
    if (b.x + b.w > REPORT_GRID_COLUMNS)
      ctx.addIssue({
        code: 'custom',
        path: ['w'],
        message: `O bloco ultrapassa as ${REPORT_GRID_COLUMNS} colunas da grade (x + largura ≤ ${REPORT_GRID_COLUMNS}).`,
      });
  });
export type ReportBlock = z.output<typeof reportBlock>;
export type ReportBlockInput = z.input<typeof reportBlock>;

const overlaps = (a: ReportBlock, b: ReportBlock) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export const reportLayout = z
  .array(reportBlock)
  .min(1, { error: 'O layout precisa de ao menos um bloco.' })
  .max(RELATORIO_LIMITS.maxBlocks, { error: `No máximo ${RELATORIO_LIMITS.maxBlocks} blocos.` })
  .superRefine((blocks, ctx) => {
    const seen = new Set<string>();
    blocks.forEach((b, i) => {
      if (seen.has(b.id))
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Identificador de bloco repetido.' });
      seen.add(b.id);
      for (let j = 0; j < i; j++)
        if (overlaps(blocks[j], b))
          ctx.addIssue({ code: 'custom', path: [i, 'y'], message: 'Blocos sobrepostos na grade.' });
    });
    for (const t of ['TABLE', 'HEADER', 'FOOTER'] as const)
      if (blocks.filter((b) => b.type === t).length > 1)
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: `O layout pode ter no máximo um bloco ${t}.`,
        });
  });

/** Status filter: one status, several separated by commas (query string) or a list (JSON). */
const statusList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.enum(PATRIMONIO_STATUSES, { error: 'Status inválido.' }))
    .max(PATRIMONIO_STATUSES.length)
    .optional(),
);

/**
 * The asset filters of a report: those of GET /api/patrimonios (see `exportPatrimoniosBody`), with
 * `status` as a list so a stored filter set parses again unchanged.
 */
export const reportFiltros = exportPatrimoniosBody.omit({ format: true, status: true }).extend({ status: statusList });
export type ReportFiltros = z.output<typeof reportFiltros>;
export type ReportFiltrosInput = z.input<typeof reportFiltros>;

const fieldList = z
  .array(z.enum(REPORT_FIELD_KEYS, { error: 'Campo desconhecido.' }))
  .min(1, { error: 'Escolha ao menos um campo.' })
  .max(RELATORIO_LIMITS.maxFields, { error: `No máximo ${RELATORIO_LIMITS.maxFields} campos.` })
  .refine((l) => new Set(l).size === l.length, { error: 'Campo repetido.' });

/** POST /api/report-templates. */
export const reportTemplateCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  fields: fieldList,
  filters: reportFiltros.default({}),
  layout: reportLayout,
});
export type ReportTemplateCreate = z.input<typeof reportTemplateCreateBody>;
/** PUT /api/report-templates/:id (the whole template and the version read). */
export const reportTemplateUpdateBody = reportTemplateCreateBody.extend({ version });
export type ReportTemplateUpdate = z.input<typeof reportTemplateUpdateBody>;

export const REPORT_FREQUENCIAS = ['diaria', 'semanal', 'mensal'] as const;
export type ReportFrequencia = (typeof REPORT_FREQUENCIAS)[number];

/** When a saved report runs by itself (APP_TIMEZONE, default America/Sao_Paulo). */
export const reportAgendamento = z
  .strictObject({
    frequencia: z.enum(REPORT_FREQUENCIAS, { error: 'Frequência inválida (diária, semanal ou mensal).' }),
    hora: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Hora inválida (use HH:mm).' }),
    /** 0 = domingo … 6 = sábado (semanal). */
    diaSemana: z.number().int().min(0, { error: 'Dia da semana inválido.' }).max(6).optional(),
    /** 1–31 (mensal; em meses mais curtos, o último dia). */
    diaMes: z.number().int().min(1, { error: 'Dia do mês inválido.' }).max(31).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.frequencia === 'semanal' && a.diaSemana == null)
      ctx.addIssue({ code: 'custom', path: ['diaSemana'], message: 'Informe o dia da semana.' });
    if (a.frequencia === 'mensal' && a.diaMes == null)
      ctx.addIssue({ code: 'custom', path: ['diaMes'], message: 'Informe o dia do mês.' });
  });
export type ReportAgendamento = z.infer<typeof reportAgendamento>;

/** POST /api/report-configs: a saved filter set of the caller (spec §3 User report config). */
export const reportConfigCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  templateId: idNumber(),
  filtros: reportFiltros.default({}),
  agendamento: reportAgendamento.nullable().optional(),
});
export type ReportConfigCreate = z.input<typeof reportConfigCreateBody>;
export const reportConfigUpdateBody = reportConfigCreateBody.extend({ version });
export type ReportConfigUpdate = z.input<typeof reportConfigUpdateBody>;

/** POST /api/relatorios: generate a report PDF (202 { job }). */
export const relatorioGenerateBody = z.strictObject({
  templateId: idNumber(),
  filtros: reportFiltros.optional(),
});
export type RelatorioGenerate = z.input<typeof relatorioGenerateBody>;

/** GET /api/relatorios/preview?templateId=…&<filtros>: the first rows, totals and chart series. */
export const relatorioPreviewQuery = exportPatrimoniosBody
  .omit({ format: true, status: true, cf: true })
  .extend({ templateId: idFromText(), status: statusList });
export type RelatorioPreviewQuery = z.input<typeof relatorioPreviewQuery>;
