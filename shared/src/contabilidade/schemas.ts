import { z } from 'zod';
import { idFromText, int4, trimmed, version } from '../common';
import { SITUACOES_IMOVEL } from '../imoveis/values';
import { PAPEIS_CONTA } from './plano-padrao';
import { CONTABILIDADE_MSG as M } from './messages';

const codigo = z
  .string({ error: M.codigoInvalido })
  .trim()
  .regex(/^\d+(\.\d+)*$/, { error: M.codigoInvalido })
  .max(40, { error: M.codigoInvalido });
const papel = z.enum(PAPEIS_CONTA, { error: M.papelInvalido });
const contaId = int4('Conta inválida.').positive({ error: 'Conta inválida.' });

/** POST /api/contabilidade/plano */
export const contaCreateBody = z.strictObject({ codigo, nome: trimmed('Nome', 200), papel });
/** PUT /api/contabilidade/plano/:id */
export const contaUpdateBody = z.strictObject({
  codigo: codigo.optional(),
  nome: trimmed('Nome', 200).optional(),
  papel: papel.optional(),
  version,
});
export type ContaCreate = z.infer<typeof contaCreateBody>;
export type ContaUpdate = z.infer<typeof contaUpdateBody>;

/** The four accounts of an asset type or property kind (account ids; null = not mapped). */
export const contasMapeamento = z.strictObject({
  ativo: contaId.nullable(),
  depreciacaoAcumulada: contaId.nullable(),
  reducaoValorRecuperavel: contaId.nullable(),
  vpdDepreciacao: contaId.nullable(),
});
export type ContasMapeamentoInput = z.infer<typeof contasMapeamento>;

export const situacaoParam = z.strictObject({
  situacao: z.enum(SITUACOES_IMOVEL, { error: 'Situação inválida.' }),
});
/** PUT /api/contabilidade/contas-imoveis/:situacao */
export const contasImovelBody = z.strictObject({ contas: contasMapeamento, version });

/** PUT /api/contabilidade/config */
export const contabilidadeConfigBody = z.strictObject({
  prazoDia: int4('Informe o dia do prazo.')
    .min(1, { error: M.prazoDiaInvalido })
    .max(31, { error: M.prazoDiaInvalido })
    .optional(),
  incorporacaoCompra: z.enum(['contabilidade', 'transitoria'], { error: M.incorporacaoInvalida }).optional(),
  contaTransitoriaId: contaId.nullable().optional(),
  version,
});
export type ContabilidadeConfigInput = z.infer<typeof contabilidadeConfigBody>;

const dia = z
  .string({ error: M.dataInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dataInvalida })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: M.dataInvalida });

/** GET /api/contabilidade/lancamentos */
export const lancamentosQuery = z.strictObject({
  de: dia.optional(),
  ate: dia.optional(),
  contaId: idFromText().optional(),
  patrimonioId: idFromText().optional(),
  cursor: z.string().max(200, { error: M.cursorInvalido }).optional(),
  limit: z.coerce
    .number({ error: M.limiteInvalido })
    .int({ error: M.limiteInvalido })
    .min(1, { error: M.limiteInvalido })
    .max(1000, { error: M.limiteInvalido })
    .optional(),
  formato: z.enum(['json', 'csv'], { error: 'Formato inválido: use json ou csv.' }).optional(),
});
export type LancamentosQuery = z.infer<typeof lancamentosQuery>;
