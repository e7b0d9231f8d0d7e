import type { Resolver } from 'react-hook-form';
import {
  decimalInput,
  formatMoneyInput,
  imovelCreateBody,
  imovelUpdateBody,
  parseDateBR,
  parseMoney,
  parseNumber,
  type Imovel,
  type ImovelField,
  type SituacaoImovel,
} from '@tombo/shared';
import {
  checkCustom,
  customBody,
  customDefaults,
  customInputsFrom,
  dateInput,
  recordResolver,
} from '../../components/register/form';
import type { ImovelBody } from './api';

/** What the inputs hold (text as typed); turned into the API body by `toBody`. */
export interface FormValues {
  numero: string;
  denominacao: string;
  endereco: string;
  cep: string;
  bairro: string;
  cidade: string;
  uf: string;
  area_construida: string;
  area_terreno: string;
  situacao: SituacaoImovel;
  utilizacao: string;
  sectorId: string;
  formaAquisicaoId: string;
  data: string;
  valor: string;
  latitude: string;
  longitude: string;
  observacoes: string;
  custom: Record<string, string | boolean>;
}

const customOf = (fields: ImovelField[]) => fields.filter((f) => f.isCustom);

/** The inputs of a new property. */
export function emptyValues(fields: ImovelField[], sectorId = ''): FormValues {
  return {
    numero: '',
    denominacao: '',
    endereco: '',
    cep: '',
    bairro: '',
    cidade: '',
    uf: '',
    area_construida: '',
    area_terreno: '',
    situacao: 'proprio',
    utilizacao: '',
    sectorId,
    formaAquisicaoId: '',
    data: '',
    valor: '',
    latitude: '',
    longitude: '',
    observacoes: '',
    custom: customDefaults(customOf(fields)),
  };
}

/** The inputs showing a stored property. */
export function valuesFrom(p: Imovel, fields: ImovelField[]): FormValues {
  return {
    numero: p.numero_patrimonio,
    denominacao: p.denominacao,
    endereco: p.endereco,
    cep: p.cep ?? '',
    bairro: p.bairro ?? '',
    cidade: p.cidade ?? '',
    uf: p.uf ?? '',
    area_construida: p.area_construida ? decimalInput(p.area_construida) : '',
    area_terreno: p.area_terreno ? decimalInput(p.area_terreno) : '',
    situacao: p.situacao,
    utilizacao: p.utilizacao ?? '',
    sectorId: p.sectorId ? String(p.sectorId) : '',
    formaAquisicaoId: p.formaAquisicaoId ? String(p.formaAquisicaoId) : '',
    data: dateInput(p.data_aquisicao),
    valor: p.valor_aquisicao ? formatMoneyInput(p.valor_aquisicao) : '',
    latitude: p.latitude ?? '',
    longitude: p.longitude ?? '',
    observacoes: p.observacoes ?? '',
    custom: customInputsFrom(customOf(fields), p.customFields),
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const idOrNull = (s: string) => (s ? Number(s) : null);
/** "1.234,5" → "1234.5"; what cannot be read is passed on as typed so the schema names it. */
const decimal = (s: string) => {
  if (!s.trim()) return null;
  const n = parseNumber(s);
  return n == null ? s.trim() : String(n);
};

/** The API body of the form values (create: the number only when typed). */
export function toBody(v: FormValues, fields: ImovelField[]): ImovelBody {
  const customFields = customBody(customOf(fields), v.custom);
  return {
    ...(v.numero.trim() ? { numero_patrimonio: v.numero.trim() } : {}),
    denominacao: v.denominacao,
    endereco: v.endereco,
    cep: orNull(v.cep),
    bairro: orNull(v.bairro),
    cidade: orNull(v.cidade),
    uf: orNull(v.uf),
    area_construida: decimal(v.area_construida),
    area_terreno: decimal(v.area_terreno),
    situacao: v.situacao,
    utilizacao: orNull(v.utilizacao),
    sectorId: idOrNull(v.sectorId),
    formaAquisicaoId: idOrNull(v.formaAquisicaoId),
    data_aquisicao: v.data.trim() ? (parseDateBR(v.data) ?? v.data) : null,
    valor_aquisicao: v.valor.trim() ? (parseMoney(v.valor) ?? v.valor.trim()) : null,
    latitude: v.latitude.trim() ? v.latitude.trim().replace(',', '.') : null,
    longitude: v.longitude.trim() ? v.longitude.trim().replace(',', '.') : null,
    observacoes: v.observacoes.trim() ? v.observacoes : null,
    customFields,
  };
}

/** Where a server field name or schema issue path points in the form. */
export function formPath(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String);
  switch (head) {
    case 'numero_patrimonio':
      return 'numero';
    case 'valor_aquisicao':
      return 'valor';
    case 'data_aquisicao':
      return 'data';
    case 'customFields':
      return second ? `custom.${second}` : 'denominacao';
    default:
      return head ?? 'denominacao';
  }
}

/** react-hook-form resolver over the shared zod schemas (the server validates with the same ones) and the custom fields. */
export function makeResolver(editing: boolean, fields: ImovelField[]): Resolver<FormValues> {
  return recordResolver<FormValues>({
    check: (values, add) => {
      if (values.data.trim() && !parseDateBR(values.data)) add('data', 'Data de aquisição inválida (use dd/mm/aaaa).');
      if (values.valor.trim() && !parseMoney(values.valor)) add('valor', 'Valor inválido (ex.: 1.234,56).');
      checkCustom(customOf(fields), values.custom, add);
    },
    schema: editing ? imovelUpdateBody : imovelCreateBody,
    candidate: (values) => (editing ? { ...toBody(values, fields), version: 0 } : toBody(values, fields)),
    formPath,
  });
}
