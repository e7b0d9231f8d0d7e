import { z } from 'zod';
import { formatDate, inventarioCreateBody, isoDayOf, parseDateBR, type InventarioDetail } from '@tombo/shared';

/** What the form edits: the API's fields, with the date typed as dd/mm/aaaa and '' for "none chosen". */
export interface InventarioFormInput {
  title: string;
  description: string;
  tipo: string;
  sectorId: number | '';
  scope: string;
  locationType: string;
  specificLocationId: number | '';
  dataInicio: string;
  comissao: number[];
}

const orNull = <T>(v: T | '') => (v === '' ? null : v);

/** Form values → the POST body (before validation: the shared schema gives every message). */
export function toBody(v: InventarioFormInput) {
  return {
    title: v.title,
    description: v.description,
    tipo: v.tipo,
    sectorId: orNull(v.sectorId),
    scope: v.scope,
    locationType: v.scope === 'location' ? v.locationType : null,
    specificLocationId: v.scope === 'specific_location' ? orNull(v.specificLocationId) : null,
    dataInicio: parseDateBR(v.dataInicio) ?? v.dataInicio,
    comissao: v.comissao,
  };
}

/** The shared create schema (the same one the route uses), reading the form's values. */
export const inventarioForm = z.preprocess((v) => toBody(v as InventarioFormInput), inventarioCreateBody);
export type InventarioFormOutput = z.output<typeof inventarioForm>;

export const emptyForm = (): InventarioFormInput => ({
  title: '',
  description: '',
  tipo: 'anual',
  sectorId: '',
  scope: 'sector',
  locationType: '',
  specificLocationId: '',
  dataInicio: formatDate(isoDayOf(new Date())),
  comissao: [],
});

export const formOf = (inv: InventarioDetail): InventarioFormInput => ({
  title: inv.title,
  description: inv.description ?? '',
  tipo: inv.tipo,
  sectorId: inv.sectorId,
  scope: inv.scope,
  locationType: inv.locationType ?? '',
  specificLocationId: inv.specificLocationId ?? '',
  dataInicio: formatDate(inv.dataInicio),
  comissao: inv.comissao.map((m) => m.id),
});
