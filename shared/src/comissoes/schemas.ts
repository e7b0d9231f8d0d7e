import { z } from 'zod';
import { idFromText, idNumber, trimmed, version } from '../common';
import { isCalendarDay } from '../format/dates';
import { COMISSAO_MSG } from './messages';

/** The standing commissions a municipality names by act (portaria): who counts, who values, who writes off. */
export const COMISSAO_TIPOS = ['inventario', 'avaliacao', 'desfazimento'] as const;
export type ComissaoTipo = (typeof COMISSAO_TIPOS)[number];
export const COMISSAO_TIPO_LABELS: Record<ComissaoTipo, string> = {
  inventario: 'Inventário',
  avaliacao: 'Avaliação',
  desfazimento: 'Desfazimento (baixa)',
};
/** The smallest commission that may act (IN SEDAP 205/88 and municipal decrees: at least three servants). */
export const COMISSAO_MIN_MEMBROS = 3;

const day = z.string({ error: COMISSAO_MSG.dataInvalida }).refine(isCalendarDay, { error: COMISSAO_MSG.dataInvalida });
const membros = z
  .array(idNumber(COMISSAO_MSG.membroInvalido), { error: COMISSAO_MSG.membrosMin })
  .min(COMISSAO_MIN_MEMBROS, { error: COMISSAO_MSG.membrosMin })
  .max(30, { error: COMISSAO_MSG.membrosMax })
  .refine((ids) => new Set(ids).size === ids.length, { error: COMISSAO_MSG.membroRepetido });

const fields = {
  tipo: z.enum(COMISSAO_TIPOS, { error: COMISSAO_MSG.tipo }),
  ato: trimmed('Ato de nomeação', 120),
  dataAto: day,
  validaAte: day,
  presidenteId: idNumber('Selecione o presidente.'),
  membros,
};

type Checked = { dataAto?: string; validaAte?: string; presidenteId?: number; membros?: number[] };
/** What the fields say together: the term runs from the act, the president is one of the members. */
function consistent(v: Checked, ctx: z.RefinementCtx) {
  if (v.dataAto && v.validaAte && v.validaAte < v.dataAto)
    ctx.addIssue({ code: 'custom', path: ['validaAte'], message: COMISSAO_MSG.validadeAntes });
  if (v.presidenteId && v.membros && !v.membros.includes(v.presidenteId))
    ctx.addIssue({ code: 'custom', path: ['presidenteId'], message: COMISSAO_MSG.presidenteMembro });
}

export const comissaoCreateBody = z.strictObject(fields).superRefine(consistent);
/** An update names the whole commission again (the act, term and members are one decision), with its version. */
export const comissaoUpdateBody = z.strictObject({ ...fields, version }).superRefine(consistent);
export const comissaoListQuery = z.strictObject({
  tipo: z.enum(COMISSAO_TIPOS, { error: COMISSAO_MSG.tipo }).optional(),
  /** `vigentes`: only those that may act today. */
  situacao: z.enum(['vigentes', 'todas'], { error: 'Situação inválida.' }).optional(),
  userId: idFromText().optional(),
});
export type ComissaoCreate = z.infer<typeof comissaoCreateBody>;
export type ComissaoUpdate = z.infer<typeof comissaoUpdateBody>;
export type ComissaoListQuery = z.infer<typeof comissaoListQuery>;
