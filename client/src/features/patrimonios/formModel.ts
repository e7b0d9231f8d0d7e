import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  PATRIMONIO_MSG,
  decimalInput,
  formatDate,
  formatMoneyInput,
  parseDateBR,
  parseMoney,
  parseNumber,
  patrimonioCreateBody,
  patrimonioLoteBody,
  patrimonioUpdateBody,
  type EstadoConservacao,
  type FormField,
  type Patrimonio,
  type PatrimonioStatus,
} from '@tombo/shared';
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
}

/** A date-only value as the input shows it ('' when there is none). */
const dateInput = (iso: string | null | undefined) => formatDate(iso, { invalid: '' });

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
    custom: Object.fromEntries(fields.filter((f) => f.isCustom).map((f) => [f.key, f.type === 'BOOLEAN' ? false : ''])),
  };
}

export function valuesFrom(p: Patrimonio, fields: FormField[]): FormValues {
  const custom: FormValues['custom'] = {};
  for (const f of fields.filter((x) => x.isCustom)) {
    const v = p.customFields?.[f.key];
    if (f.type === 'BOOLEAN') custom[f.key] = v === true;
    else if (f.type === 'DATE') custom[f.key] = typeof v === 'string' ? dateInput(v) : '';
    else if (f.type === 'NUMBER') custom[f.key] = typeof v === 'number' ? decimalInput(v) : '';
    else custom[f.key] = v == null ? '' : String(v);
  }
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
    custom,
    lote: '10',
    // The same as the acquisition date is shown empty: it keeps following that date.
    entrada: p.dataEntradaServico && p.dataEntradaServico !== p.data_aquisicao ? dateInput(p.dataEntradaServico) : '',
    vidaUtil: p.vidaUtilMeses != null ? String(p.vidaUtilMeses) : '',
    residual: p.residualPct != null ? decimalInput(p.residualPct) : '',
  };
}

const idOrNull = (s: string) => (s ? Number(s) : null);

/** The API body of the form values; values that cannot be read are passed on as-is so the schema names them. */
export function toBody(v: FormValues, fields: FormField[]): PatrimonioBody {
  const customFields: PatrimonioBody['customFields'] = {};
  for (const f of fields.filter((x) => x.isCustom)) {
    const raw = v.custom[f.key];
    if (f.type === 'BOOLEAN') customFields[f.key] = raw === true;
    else if (typeof raw !== 'string' || raw.trim() === '') customFields[f.key] = null;
    else if (f.type === 'NUMBER') customFields[f.key] = parseNumber(raw) ?? raw;
    else if (f.type === 'DATE') customFields[f.key] = parseDateBR(raw) ?? raw;
    else customFields[f.key] = raw.trim();
  }
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
  };
}

/** Where a schema issue path points in the form. */
function formPath(path: PropertyKey[]): string {
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
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (path: string, message: string) => {
      errors[path] ??= { type: 'validate', message };
    };
    const body = toBody(values, fields);
    if (!values.sectorId) add('sectorId', 'Selecione um setor.');
    if (values.valor.trim() === '') add('valor', 'Informe o valor de aquisição.');
    if (values.data.trim() && !parseDateBR(values.data)) add('data', 'Data de aquisição inválida (use dd/mm/aaaa).');
    if (values.entrada.trim() && !parseDateBR(values.entrada))
      add('entrada', 'Data de entrada em serviço inválida (use dd/mm/aaaa).');
    if (fields.some((f) => f.key === 'tipo' && f.required) && !values.tipoId)
      add('tipoId', PATRIMONIO_MSG.tipoRequired);
    for (const f of fields.filter((x) => x.isCustom)) {
      const raw = values.custom[f.key];
      if (f.required && f.type !== 'BOOLEAN' && (typeof raw !== 'string' || raw.trim() === ''))
        add(`custom.${f.key}`, PATRIMONIO_MSG.customRequired(f.label));
      else if (
        f.type === 'NUMBER' &&
        typeof raw === 'string' &&
        raw.trim() &&
        typeof body.customFields?.[f.key] !== 'number'
      )
        add(`custom.${f.key}`, PATRIMONIO_MSG.customType(f.label));
      else if (f.type === 'DATE' && typeof raw === 'string' && raw.trim() && !parseDateBR(raw))
        add(`custom.${f.key}`, PATRIMONIO_MSG.customType(f.label));
    }
    const schema =
      mode === 'lote' ? patrimonioLoteBody : mode === 'update' ? patrimonioUpdateBody : patrimonioCreateBody;
    const candidate =
      mode === 'lote' ? { ...body, quantity: Number(values.lote) } : mode === 'update' ? { ...body, version: 0 } : body;
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) for (const issue of parsed.error.issues) add(formPath(issue.path), issue.message);
    if (Object.keys(errors).length) {
      // Nested paths ("custom.x") become nested objects for react-hook-form.
      const nested: Record<string, unknown> = {};
      for (const [path, err] of Object.entries(errors)) {
        const [a, b] = path.split('.');
        if (b) nested[a] = { ...((nested[a] as object) ?? {}), [b]: err };
        else nested[a] = err;
      }
      return { values: {}, errors: nested as FieldErrors<FormValues> };
    }
    return { values, errors: {} };
  };
}
