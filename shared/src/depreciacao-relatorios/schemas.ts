import { z } from 'zod';
import { idFromText, idNumber } from '../common';

/** The kinds of depreciation report (spec §2.3 /relatorios/depreciacao). */
export const DEPRECIACAO_RELATORIO_TIPOS = ['periodo', 'tipo', 'setor', 'valor_contabil', 'eventos'] as const;
export type DepreciacaoRelatorioTipo = (typeof DEPRECIACAO_RELATORIO_TIPOS)[number];

/** pt-BR names of the kinds (the report's title). */
export const DEPRECIACAO_RELATORIO_TITULOS: Record<DepreciacaoRelatorioTipo, string> = {
  periodo: 'Depreciação por período',
  tipo: 'Depreciação por tipo de bem',
  setor: 'Depreciação por setor',
  valor_contabil: 'Valor contábil em uma data',
  eventos: 'Reavaliações e reduções ao valor recuperável',
};

const competencia = z
  .string({ error: 'Competência inválida (use AAAA-MM).' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Competência inválida (use AAAA-MM).' });
const dia = z
  .string({ error: 'Data inválida (use AAAA-MM-DD).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inválida (use AAAA-MM-DD).' })
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      error: 'Data inválida (use AAAA-MM-DD).',
    },
  );

const fields = {
  tipo: z.enum(DEPRECIACAO_RELATORIO_TIPOS, { error: 'Tipo de relatório inválido.' }),
  /** 'periodo' (required) and 'eventos' (optional): the competências from and to, inclusive. */
  competenciaDe: competencia.optional(),
  competenciaAte: competencia.optional(),
  /** 'tipo', 'setor', 'valor_contabil': the date of the figures (default: today). */
  data: dia.optional(),
  sectorId: idNumber('Setor inválido.').optional(),
  tipoId: idNumber('Tipo de bem inválido.').optional(),
};

type Filtros = { tipo: DepreciacaoRelatorioTipo; competenciaDe?: string; competenciaAte?: string };
const periodoCheck = (v: Filtros, ctx: z.RefinementCtx) => {
  if (v.tipo === 'periodo' && (!v.competenciaDe || !v.competenciaAte)) {
    const message = 'Informe as competências inicial e final.';
    ctx.addIssue({ code: 'custom', path: [v.competenciaDe ? 'competenciaAte' : 'competenciaDe'], message });
  }
  if (v.competenciaDe && v.competenciaAte && v.competenciaDe > v.competenciaAte)
    ctx.addIssue({
      code: 'custom',
      path: ['competenciaAte'],
      message: 'A competência final deve ser igual ou posterior à inicial.',
    });
};

/** The report's filters: GET /api/depreciacao/relatorios/dados (query) and the job's body. */
export const depreciacaoRelatorioFiltros = z.strictObject(fields).superRefine(periodoCheck);
export type DepreciacaoRelatorioFiltros = z.output<typeof depreciacaoRelatorioFiltros>;

/** Query of GET /api/depreciacao/relatorios/dados (ids as text). */
export const depreciacaoRelatorioQuery = z
  .strictObject({
    ...fields,
    sectorId: idFromText('Setor inválido.').optional(),
    tipoId: idFromText('Tipo de bem inválido.').optional(),
  })
  .superRefine(periodoCheck);

/** POST /api/depreciacao/relatorios: the filters and the file format → a job. */
export const depreciacaoRelatorioBody = z
  .strictObject({ ...fields, formato: z.enum(['pdf', 'xlsx'], { error: 'Formato inválido (pdf ou xlsx).' }) })
  .superRefine(periodoCheck);
export type DepreciacaoRelatorioRequest = z.output<typeof depreciacaoRelatorioBody>;
