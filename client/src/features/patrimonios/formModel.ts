import type { Resolver } from 'react-hook-form';
import {
  FORNECEDOR_CNPJ_MSG,
  PATRIMONIO_MSG,
  cnpjText,
  decimalInput,
  fornecedorCnpjProblem,
  formatMoneyInput,
  parseDateBR,
  parseMoney,
  patrimonioCreateBody,
  patrimonioLoteBody,
  patrimonioUpdateBody,
  type EstadoConservacao,
  type FormField,
  type Patrimonio,
  type PatrimonioStatus,
} from '@tombo/shared';
import {
  checkCustom,
  customBody,
  customDefaults,
  customInputsFrom,
  dateInput,
  recordResolver,
} from '../../components/register/form';
import type { PatrimonioBody } from './api';

/** What the inputs hold (text as typed); turned into the API body by `toBody`. */
export interface FormValues {
  descricao_bem: string;
  tipoId: string;
  sectorId: string;
  localId: string;
  formaAquisicaoId: string;
  valor: string;
  quantidade: string;
  data: string;
  status: PatrimonioStatus;
  estado: EstadoConservacao | '';
  observacoes: string;
  custom: Record<string, string | boolean>;
  /** Bulk creation only. */
  lote: string;
  /** Depreciation: entry into service (dd/mm/aaaa; empty = the acquisition date), own useful life and residual %. */
  entrada: string;
  vidaUtil: string;
  residual: string;
  /** Standard fields of real registers (issue 35): text as typed, dates dd/mm/aaaa, the CNPJ with or without punctuation. */
  marca: string;
  modelo: string;
  numeroSerie: string;
  fornecedorNome: string;
  fornecedorCnpj: string;
  notaFiscalNumero: string;
  notaFiscalData: string;
  empenho: string;
  processoAquisicao: string;
  fonteRecurso: string;
  dataBaixa: string;
}

/** The standard text fields, sent as typed (empty: none). */
const TEXT_KEYS = [
  'marca',
  'modelo',
  'numeroSerie',
  'fornecedorNome',
  'notaFiscalNumero',
  'empenho',
  'processoAquisicao',
  'fonteRecurso',
] as const;
const DATE_KEYS = ['notaFiscalData', 'dataBaixa'] as const;
const DATE_LABELS = { notaFiscalData: 'Data da nota fiscal', dataBaixa: 'Data de baixa' } as const;
const EMPTY_STANDARD = Object.fromEntries([...TEXT_KEYS, ...DATE_KEYS, 'fornecedorCnpj'].map((k) => [k, ''])) as Pick<
  FormValues,
  (typeof TEXT_KEYS)[number] | (typeof DATE_KEYS)[number] | 'fornecedorCnpj'
>;

const customOf = (fields: FormField[]) => fields.filter((f) => f.isCustom);

export function emptyValues(fields: FormField[], sectorId = ''): FormValues {
  return {
    descricao_bem: '',
    tipoId: '',
    sectorId,
    localId: '',
    formaAquisicaoId: '',
    valor: '',
    quantidade: '1',
    data: '',
    status: 'ativo',
    estado: '',
    observacoes: '',
    lote: '10',
    entrada: '',
    vidaUtil: '',
    residual: '',
    ...EMPTY_STANDARD,
    custom: customDefaults(customOf(fields)),
  };
}

export function valuesFrom(p: Patrimonio, fields: FormField[]): FormValues {
  return {
    descricao_bem: p.descricao_bem,
    tipoId: p.tipoId ? String(p.tipoId) : '',
    sectorId: String(p.sectorId),
    localId: p.localId ? String(p.localId) : '',
    formaAquisicaoId: p.formaAquisicaoId ? String(p.formaAquisicaoId) : '',
    valor: formatMoneyInput(p.valor_aquisicao),
    quantidade: String(p.quantidade ?? 1),
    data: dateInput(p.data_aquisicao),
    status: p.status,
    estado: p.estado_conservacao ?? '',
    observacoes: p.observacoes ?? '',
    custom: customInputsFrom(customOf(fields), p.customFields),
    lote: '10',
    // The same as the acquisition date is shown empty: it keeps following that date.
    entrada: p.dataEntradaServico && p.dataEntradaServico !== p.data_aquisicao ? dateInput(p.dataEntradaServico) : '',
    vidaUtil: p.vidaUtilMeses != null ? String(p.vidaUtilMeses) : '',
    residual: p.residualPct != null ? decimalInput(p.residualPct) : '',
    ...(Object.fromEntries(TEXT_KEYS.map((k) => [k, p[k] ?? ''])) as Pick<FormValues, (typeof TEXT_KEYS)[number]>),
    fornecedorCnpj: cnpjText(p.fornecedorCnpj),
    notaFiscalData: dateInput(p.notaFiscalData),
    dataBaixa: dateInput(p.dataBaixa),
  };
}

const idOrNull = (s: string) => (s ? Number(s) : null);

/** The API body of the form values; values that cannot be read are passed on as-is so the schema names them. */
export function toBody(v: FormValues, fields: FormField[]): PatrimonioBody {
  const customFields = customBody(customOf(fields), v.custom);
  const money = parseMoney(v.valor);
  const date = v.data.trim() ? parseDateBR(v.data) : null;
  return {
    descricao_bem: v.descricao_bem,
    tipoId: idOrNull(v.tipoId),
    sectorId: v.sectorId ? Number(v.sectorId) : (undefined as unknown as number),
    localId: idOrNull(v.localId),
    formaAquisicaoId: idOrNull(v.formaAquisicaoId),
    valor_aquisicao: money ?? v.valor.trim(),
    quantidade: Number(v.quantidade),
    data_aquisicao: v.data.trim() ? (date ?? v.data) : null,
    status: v.status,
    estado_conservacao: v.estado || null,
    observacoes: v.observacoes.trim() ? v.observacoes : null,
    customFields,
    dataEntradaServico: v.entrada.trim() ? (parseDateBR(v.entrada) ?? v.entrada) : null,
    vidaUtilMeses: v.vidaUtil.trim() ? Number(v.vidaUtil.trim()) : null,
    residualPct: v.residual.trim() ? v.residual.trim().replace(',', '.') : null,
    ...Object.fromEntries(TEXT_KEYS.map((k) => [k, v[k].trim() || null])),
    fornecedorCnpj: v.fornecedorCnpj.trim() || null,
    ...Object.fromEntries(DATE_KEYS.map((k) => [k, v[k].trim() ? (parseDateBR(v[k]) ?? v[k]) : null])),
  };
}

/** Where a server field name or schema issue path points in the form. */
export function formPath(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String);
  switch (head) {
    case 'valor_aquisicao':
      return 'valor';
    case 'data_aquisicao':
      return 'data';
    case 'estado_conservacao':
      return 'estado';
    case 'quantity':
      return 'lote';
    case 'dataEntradaServico':
      return 'entrada';
    case 'vidaUtilMeses':
      return 'vidaUtil';
    case 'residualPct':
      return 'residual';
    case 'customFields':
      return second ? `custom.${second}` : 'descricao_bem';
    default:
      return head ?? 'descricao_bem';
  }
}

export type FormMode = 'create' | 'update' | 'lote';

/**
 * react-hook-form resolver over the shared zod schemas (the server validates with the same ones),
 * plus the checks that depend on the municipality's field definitions (required type, custom fields).
 */
export function makeResolver(mode: FormMode, fields: FormField[]): Resolver<FormValues> {
  return recordResolver<FormValues>({
    check: (values, add) => {
      if (!values.sectorId) add('sectorId', 'Selecione um setor.');
      if (values.valor.trim() === '') add('valor', 'Informe o valor de aquisição.');
      if (values.data.trim() && !parseDateBR(values.data)) add('data', 'Data de aquisição inválida (use dd/mm/aaaa).');
      if (values.entrada.trim() && !parseDateBR(values.entrada))
        add('entrada', 'Data de entrada em serviço inválida (use dd/mm/aaaa).');
      for (const k of DATE_KEYS)
        if (values[k].trim() && !parseDateBR(values[k])) add(k, `${DATE_LABELS[k]} inválida (use dd/mm/aaaa).`);
      // The server answers a wrong CNPJ 422 (the schema checks only its characters): said here before sending.
      const cnpj = values.fornecedorCnpj.trim();
      if (cnpj && (/[^\d./\s-]/.test(cnpj) || fornecedorCnpjProblem(cnpj.replace(/\D/g, ''))))
        add('fornecedorCnpj', FORNECEDOR_CNPJ_MSG);
      if (fields.some((f) => f.key === 'tipo' && f.required) && !values.tipoId)
        add('tipoId', PATRIMONIO_MSG.tipoRequired);
      checkCustom(customOf(fields), values.custom, add);
    },
    schema: mode === 'lote' ? patrimonioLoteBody : mode === 'update' ? patrimonioUpdateBody : patrimonioCreateBody,
    candidate: (values) => {
      const body = toBody(values, fields);
      return mode === 'lote'
        ? { ...body, quantity: Number(values.lote) }
        : mode === 'update'
          ? { ...body, version: 0 }
          : body;
    },
    formPath,
  });
}
