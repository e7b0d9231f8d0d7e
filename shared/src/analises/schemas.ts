import { z } from 'zod';
import { idFromText } from '../common';
import { isCalendarDay } from '../format/dates';
import { PATRIMONIO_STATUSES, type PatrimonioStatus } from '../patrimonios/schemas';
import { ANALISE_MSG } from './messages';

const optId = idFromText().optional();
const isoDay = z.string().refine(isCalendarDay, { error: ANALISE_MSG.dataInvalida });
/** One status or several separated by commas (the asset list's own format, so a drill-down link reuses it). */
const statusList = z
  .string()
  .trim()
  .optional()
  .transform((s, ctx) => {
    if (!s) return undefined;
    const list = [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    for (const x of list)
      if (!(PATRIMONIO_STATUSES as readonly string[]).includes(x)) {
        ctx.addIssue({ code: 'custom', message: ANALISE_MSG.statusInvalido });
        return z.NEVER;
      }
    return list as PatrimonioStatus[];
  });

const ordered = (q: { dataDe?: string; dataAte?: string }) => !q.dataDe || !q.dataAte || q.dataDe <= q.dataAte;

/**
 * GET /api/analises/setor | /tipo: the asset list's filter names (sectorId, tipoId, status, dataDe/dataAte
 * on the acquisition date), so a drill-down opens /bens-cadastrados with the same query string.
 */
export const analiseGrupoQuery = z
  .strictObject({
    sectorId: optId,
    tipoId: optId,
    status: statusList,
    dataDe: isoDay.optional(),
    dataAte: isoDay.optional(),
  })
  .refine(ordered, { error: ANALISE_MSG.periodoInvalido, path: ['dataAte'] });
export type AnaliseGrupoQuery = z.infer<typeof analiseGrupoQuery>;

export const ANALISE_GRANULARIDADES = ['mes', 'ano'] as const;
export type AnaliseGranularidade = (typeof ANALISE_GRANULARIDADES)[number];
/** At most this many months in a monthly timeline. */
export const ANALISE_MAX_MESES = 240;

const monthsBetween = (de: string, ate: string) =>
  (Number(ate.slice(0, 4)) - Number(de.slice(0, 4))) * 12 + Number(ate.slice(5, 7)) - Number(de.slice(5, 7)) + 1;

/**
 * GET /api/analises/temporal: the period (default: the last 12 months, or the last 10 years by year),
 * the granularity, and the asset's sector and type.
 */
export const analiseTemporalQuery = z
  .strictObject({
    sectorId: optId,
    tipoId: optId,
    dataDe: isoDay.optional(),
    dataAte: isoDay.optional(),
    granularidade: z.enum(ANALISE_GRANULARIDADES, { error: ANALISE_MSG.granularidadeInvalida }).default('mes'),
  })
  .refine(ordered, { error: ANALISE_MSG.periodoInvalido, path: ['dataAte'] })
  .refine(
    (q) =>
      q.granularidade !== 'mes' || !q.dataDe || !q.dataAte || monthsBetween(q.dataDe, q.dataAte) <= ANALISE_MAX_MESES,
    { error: ANALISE_MSG.periodoLongo, path: ['dataDe'] },
  );
export type AnaliseTemporalQuery = z.infer<typeof analiseTemporalQuery>;
