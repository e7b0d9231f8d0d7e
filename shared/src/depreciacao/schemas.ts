import { z } from 'zod';
import { version } from '../common';
import { isCalendarDay } from '../format/dates';
import { DEPRECIACAO_MSG as M } from './messages';

/** Query of GET /api/depreciacao/patrimonios/:id: the date of the figures (default: today). */
export const depreciacaoPatrimonioQuery = z.strictObject({
  data: z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' }).optional(),
});
export type DepreciacaoPatrimonioQuery = z.infer<typeof depreciacaoPatrimonioQuery>;

/** 'YYYY-MM', month 01..12. */
export const competencia = z
  .string({ error: M.competenciaInvalida })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: M.competenciaInvalida });

/** A decimal string with two places at most ("7000.00"); `minimo` 1 = at least one cent. */
const valorDecimal = (minimo: 0 | 1) =>
  z
    .string({ error: M.valorObrigatorio })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) return void ctx.addIssue({ code: 'custom', message: M.valorObrigatorio });
      if (/^-/.test(v)) return void ctx.addIssue({ code: 'custom', message: M.valorNegativo });
      if (!/^\d+(\.\d{1,2})?$/.test(v)) return void ctx.addIssue({ code: 'custom', message: M.valorInvalido });
      if (v.split('.')[0].replace(/^0+(?=\d)/, '').length > 12)
        return void ctx.addIssue({ code: 'custom', message: M.valorAlto });
      if (minimo && Number(v) < 0.01) ctx.addIssue({ code: 'custom', message: M.valorZero });
    });

const documento = z
  .string({ error: M.documento })
  .trim()
  .min(1, { error: M.documento })
  .max(200, { error: M.documentoLongo });
const motivo = z.string({ error: M.motivo }).trim().min(3, { error: M.motivo }).max(1000, { error: M.motivoLongo });

/** POST /api/patrimonios/:id/reavaliacoes */
export const reavaliacaoBody = z.strictObject({
  competencia,
  valor: valorDecimal(1),
  vidaUtilRestanteMeses: z
    .number({ error: M.vidaRestante })
    .int({ error: M.vidaRestante })
    .min(1, { error: M.vidaRestante })
    .max(1200, { error: M.vidaRestante }),
  residualPct: z
    .number({ error: M.residualPct })
    .min(0, { error: M.residualPct })
    .max(100, { error: M.residualPct })
    .refine((n) => Math.round(n * 100) === n * 100, { error: M.residualPct })
    .optional(),
  documento,
  motivo,
});
export type ReavaliacaoBody = z.infer<typeof reavaliacaoBody>;

/** POST /api/patrimonios/:id/reducoes-valor-recuperavel */
export const reducaoBody = z.strictObject({ competencia, valorRecuperavel: valorDecimal(0), documento, motivo });
export type ReducaoBody = z.infer<typeof reducaoBody>;

/** POST /api/patrimonios/:id/reducoes-valor-recuperavel/reversao */
export const reversaoBody = z.strictObject({ competencia, documento, motivo });
export type ReversaoBody = z.infer<typeof reversaoBody>;

/** PUT /api/depreciacao/config */
export const depreciacaoConfigBody = z.strictObject({
  inicio: z.enum(['mes_seguinte', 'mes_entrada', 'pro_rata'], { error: M.inicio }),
  arredondamento: z.enum(['recalculo', 'fixo'], { error: M.arredondamento }),
  dataCorte: z.string({ error: M.dataCorte }).refine(isCalendarDay, { error: M.dataCorte }).nullable(),
  version,
});
export type DepreciacaoConfigBody = z.infer<typeof depreciacaoConfigBody>;

/** POST /api/depreciacao/fechamentos: the month to close. */
export const fechamentoBody = z.strictObject({ competencia });
export type FechamentoBody = z.infer<typeof fechamentoBody>;

/** Params of DELETE /api/depreciacao/fechamentos/:competencia */
export const competenciaParam = z.strictObject({ competencia });

/** Query of GET /api/depreciacao/resumo: the position date (default: end of the last closed month, else today). */
export const resumoQuery = z.strictObject({
  data: z.string().refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' }).optional(),
});
export type ResumoQuery = z.infer<typeof resumoQuery>;
