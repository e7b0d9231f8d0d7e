import { z } from 'zod';
import { idFromText, idNumber, int4FromText, version, type LiveEvent } from '../common';
import { APP_TIME_ZONE, isCalendarDay, isoDayOf } from '../format/dates';
import type { Manutencao } from './types';
import {
  RECORRENCIAS_MANUTENCAO,
  STATUS_MANUTENCAO,
  TIPOS_MANUTENCAO,
  type RecorrenciaManutencao,
  type StatusManutencao,
  type StatusManutencaoExibido,
} from './values';

// Maintenance tasks of properties (issue 13, spec §3 Maintenance task, §7, §8): contract of /api/manutencoes.

/** pt-BR texts of the maintenance area (§8 toasts exactly). */
export const MANUTENCAO_MSG = {
  created: 'Tarefa de manutenção criada com sucesso.',
  createFailed: 'Falha ao criar tarefa de manutenção.',
  updated: 'Tarefa atualizada com sucesso.',
  updateFailed: 'Falha ao atualizar tarefa.',
  deleted: 'Tarefa excluída com sucesso.',
  deleteFailed: 'Falha ao excluir tarefa.',
  loadFailed: 'Falha ao carregar as tarefas de manutenção.',
  notFound: 'Tarefa de manutenção não encontrada.',
  imovelNotFound: 'Imóvel não encontrado.',
  imovelRequired: 'Selecione o imóvel.',
  tituloRequired: 'Informe o título da tarefa.',
  tituloTooLong: 'O título deve ter no máximo 200 caracteres.',
  tipoInvalid: 'Selecione o tipo (preventiva, corretiva ou inspeção).',
  statusInvalid: 'Status inválido.',
  recorrenciaInvalid: 'Recorrência inválida (mensal, trimestral ou anual).',
  dateRequired: 'Informe a data prevista.',
  dateInvalid: 'Data prevista inválida (use dd/mm/aaaa).',
  dateQueryInvalid: 'Data inválida (use AAAA-MM-DD).',
  dateConflict: 'Informe a data prevista uma só vez (dataPrevista ou dueDate).',
  custoInvalid: (label: string) => `${label} inválido (use o formato 1234.56).`,
  custoNegative: (label: string) => `${label} não pode ser negativo.`,
  custoDecimals: (label: string) => `${label} deve ter no máximo 2 casas decimais.`,
  custoTooHigh: (label: string) => `${label} é alto demais (máximo R$ 999.999.999.999,99).`,
  anexoAdded: 'Anexo enviado com sucesso.',
  anexoRemoved: 'Anexo removido com sucesso.',
  anexoFailed: 'Falha ao enviar o anexo.',
  tooManyAnexos: 'A tarefa já tem o máximo de 20 anexos.',
  badAnexo: 'Tipo de anexo não permitido. Envie PDF, DOC, DOCX, XLS, XLSX, ODT, ODS, JPG, PNG ou WEBP.',
  dueSoonTitle: 'Manutenção próxima',
  dueSoonDescription: (titulo: string, imovel: string, data: string) =>
    `A tarefa '${titulo}' do imóvel ${imovel} está prevista para ${data}.`,
  overdueTitle: 'Manutenção atrasada',
  overdueDescription: (titulo: string, imovel: string, data: string) =>
    `A tarefa '${titulo}' do imóvel ${imovel} está atrasada (prevista para ${data}).`,
} as const;

/** Lines of the property's history (imovel_historico.action). */
export const MANUTENCAO_HISTORY_ACTIONS = {
  created: 'Manutenção criada',
  updated: 'Manutenção atualizada',
  completed: 'Manutenção concluída',
  cancelled: 'Manutenção cancelada',
  deleted: 'Manutenção excluída',
  next: 'Próxima manutenção agendada',
  anexoAdded: 'Anexo de manutenção adicionado',
  anexoRemoved: 'Anexo de manutenção removido',
} as const;

/** Days ahead the reminder job warns about a task. */
export const MANUTENCAO_AVISO_DIAS = 7;
export const MANUTENCAO_MAX_ANEXOS = 20;
export const MANUTENCAO_ANEXO_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'odt',
  'ods',
  'jpg',
  'png',
  'webp',
] as const;

/** Today on the city halls' calendar, 'yyyy-MM-dd'. */
export const manutencaoToday = (now = new Date()) => isoDayOf(now, APP_TIME_ZONE);

const MONTHS: Record<RecorrenciaManutencao, number> = { mensal: 1, trimestral: 3, anual: 12 };

/** The next occurrence of a recurring task: 1, 3 or 12 months later, on the month's last day when shorter (31/01 → 28/02). */
export function nextOccurrence(iso: string, recorrencia: RecorrenciaManutencao): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + MONTHS[recorrencia], 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The status shown: 'atrasada' when pending or in progress past its date (on `today`). */
export const statusExibido = (status: string, dataPrevista: string, today: string): StatusManutencaoExibido =>
  (status === 'pendente' || status === 'em_andamento') && dataPrevista < today
    ? 'atrasada'
    : (status as StatusManutencao);

const dueDay = z
  .string({ error: MANUTENCAO_MSG.dateInvalid })
  .trim()
  .refine(isCalendarDay, { error: MANUTENCAO_MSG.dateInvalid });

/** Money of a cost field: ≥ 0, 2 decimals, as a string ("1234.50") or a number; '' and null read as null. */
const custo = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: MANUTENCAO_MSG.custoInvalid(label) })
    .nullish()
    .transform((v) => (v == null || v === '' ? null : String(v)))
    .superRefine((v, ctx) => {
      if (v == null) return;
      const problem = /^-/.test(v)
        ? MANUTENCAO_MSG.custoNegative(label)
        : !/^\d+(\.\d+)?$/.test(v)
          ? MANUTENCAO_MSG.custoInvalid(label)
          : !/^\d+(\.\d{1,2})?$/.test(v)
            ? MANUTENCAO_MSG.custoDecimals(label)
            : v.split('.')[0].replace(/^0+(?=\d)/, '').length > 12
              ? MANUTENCAO_MSG.custoTooHigh(label)
              : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => {
      if (v == null) return null;
      const [i, d = ''] = v.split('.');
      return `${i.replace(/^0+(?=\d)/, '')}.${d.padEnd(2, '0')}`;
    });

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .nullish()
    .transform((v) => (v ? v : null));

const fields = {
  imovelId: idNumber(MANUTENCAO_MSG.imovelRequired),
  titulo: z
    .string({ error: MANUTENCAO_MSG.tituloRequired })
    .trim()
    .min(1, { error: MANUTENCAO_MSG.tituloRequired })
    .max(200, { error: MANUTENCAO_MSG.tituloTooLong }),
  tipo: z.enum(TIPOS_MANUTENCAO, { error: MANUTENCAO_MSG.tipoInvalid }),
  dataPrevista: dueDay,
  /** Alias of `dataPrevista` (the spec's client sends `dueDate`). */
  dueDate: dueDay,
  status: z.enum(STATUS_MANUTENCAO, { error: MANUTENCAO_MSG.statusInvalid }),
  responsavel: optionalText(200, 'Responsável'),
  custoEstimado: custo('Custo estimado'),
  custoReal: custo('Custo real'),
  observacoes: optionalText(2000, 'Observações'),
  recorrencia: z
    .enum(RECORRENCIAS_MANUTENCAO, { error: MANUTENCAO_MSG.recorrenciaInvalid })
    .nullish()
    .transform((v) => v ?? null),
};

/** Folds `dueDate` into `dataPrevista` (both given and different → 400). */
function oneDate<T extends { dataPrevista?: string; dueDate?: string }>(v: T, ctx: z.RefinementCtx, required: boolean) {
  const { dueDate, ...rest } = v;
  if (dueDate && v.dataPrevista && dueDate !== v.dataPrevista)
    ctx.addIssue({ code: 'custom', path: ['dataPrevista'], message: MANUTENCAO_MSG.dateConflict });
  const dataPrevista = v.dataPrevista ?? dueDate;
  if (required && !dataPrevista)
    ctx.addIssue({ code: 'custom', path: ['dataPrevista'], message: MANUTENCAO_MSG.dateRequired });
  return { ...rest, dataPrevista } as Omit<T, 'dueDate'> & { dataPrevista: string };
}

/** POST /api/manutencoes. */
export const manutencaoCreateBody = z
  .strictObject({
    ...fields,
    dataPrevista: fields.dataPrevista.optional(),
    dueDate: fields.dueDate.optional(),
    status: fields.status.default('pendente'),
  })
  .transform((v, ctx) => oneDate(v, ctx, true));
export type ManutencaoCreate = z.output<typeof manutencaoCreateBody>;
export type ManutencaoCreateInput = z.input<typeof manutencaoCreateBody>;

/** PUT /api/manutencoes/:id: the fields to change and the `version` read. */
export const manutencaoUpdateBody = z
  .strictObject({
    imovelId: fields.imovelId.optional(),
    titulo: fields.titulo.optional(),
    tipo: fields.tipo.optional(),
    dataPrevista: fields.dataPrevista.optional(),
    dueDate: fields.dueDate.optional(),
    status: fields.status.optional(),
    responsavel: fields.responsavel.optional(),
    custoEstimado: fields.custoEstimado.optional(),
    custoReal: fields.custoReal.optional(),
    observacoes: fields.observacoes.optional(),
    recorrencia: fields.recorrencia.optional(),
    version,
  })
  .transform((v, ctx) => {
    const out = oneDate(v, ctx, false);
    if (out.dataPrevista === undefined) delete (out as { dataPrevista?: string }).dataPrevista;
    return out as Omit<typeof out, 'dataPrevista'> & { dataPrevista?: string };
  });
export type ManutencaoUpdate = z.output<typeof manutencaoUpdateBody>;

export const MANUTENCAO_FILTRO_STATUS = [...STATUS_MANUTENCAO, 'atrasada'] as const;
const dayQuery = z.string().refine(isCalendarDay, { error: MANUTENCAO_MSG.dateQueryInvalid });
const PAGE_MSG = 'Página inválida.';

/**
 * GET /api/manutencoes: `status` 'atrasada' = pending or in progress past due ('pendente' / 'em_andamento'
 * mean the stored state, late or not); `de`/`ate` bound the due date (the calendar's month); ordered by due date.
 */
export const manutencaoListQuery = z.strictObject({
  imovelId: idFromText().optional(),
  status: z.enum(MANUTENCAO_FILTRO_STATUS, { error: MANUTENCAO_MSG.statusInvalid }).optional(),
  tipo: z.enum(TIPOS_MANUTENCAO, { error: MANUTENCAO_MSG.tipoInvalid }).optional(),
  q: z.string().trim().max(200).optional(),
  de: dayQuery.optional(),
  ate: dayQuery.optional(),
  page: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1),
  pageSize: int4FromText(PAGE_MSG)
    .min(1, { error: PAGE_MSG })
    .max(500, { error: 'No máximo 500 linhas por página.' })
    .default(25),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida (asc ou desc).' }).default('asc'),
});
export type ManutencaoListQuery = z.infer<typeof manutencaoListQuery>;

/** GET /api/manutencoes answer; `atrasadas` counts the overdue tasks of the scope (all filters aside but the property). */
export interface ManutencaoList {
  manutencoes: Manutencao[];
  total: number;
  page: number;
  pageSize: number;
  atrasadas: number;
}

/** GET /api/manutencoes/imoveis: the form's property picker (number prefix or denominação; `id` = that one). */
export const manutencaoImoveisQuery = z.strictObject({
  q: z.string().trim().max(200).optional(),
  id: idFromText().optional(),
});
export type ManutencaoImoveisQuery = z.infer<typeof manutencaoImoveisQuery>;
/** What the picker offers (the same shape as the register's list rows it needs). */
export interface ManutencaoImovelOption {
  id: number;
  numero_patrimonio: string;
  denominacao: string;
}

/** Params of /api/manutencoes/:id/anexos/:fileId. */
export const manutencaoAnexoParams = z.strictObject({
  id: idFromText(),
  fileId: z.uuid({ error: 'Identificador inválido.' }),
});

/** Sent to the municipality's room (`m:<id>`): everyone with imoveis:read. */
export interface ManutencaoEvents {
  'manutencao.created': (e: LiveEvent<Manutencao>) => void;
  /** Edited, completed, an attachment added or removed. */
  'manutencao.updated': (e: LiveEvent<Manutencao>) => void;
  'manutencao.deleted': (e: LiveEvent<{ id: number; imovelId: number }>) => void;
}
