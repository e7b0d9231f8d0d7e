import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  type FormField,
} from '@tombo/shared';
import type { FilterDef } from '../../../components/register';
import { byName, useFormas, useFormFields, useTipos } from '../../catalogs';
import { useLocais } from '../../locais';
import { sortByName, useSectors } from '../../sectors';

/** The asset list's filters, by the names GET /api/patrimonios takes. */
export const ASSET_FILTER_KEYS = [
  'sectorId',
  'localId',
  'tipoId',
  'formaId',
  'status',
  'estado',
  'valorMin',
  'valorMax',
  'dataDe',
  'dataAte',
] as const;

const ids = (list: Array<{ id: number; name: string }>) => list.map((x) => ({ value: String(x.id), label: x.name }));

function customFilter(f: FormField): FilterDef {
  const key = `cf.${f.key}`;
  if (f.type === 'BOOLEAN')
    return {
      key,
      label: f.label,
      kind: 'select',
      options: [
        { value: 'true', label: 'Sim' },
        { value: 'false', label: 'Não' },
      ],
    };
  if (f.type === 'SELECT')
    return { key, label: f.label, kind: 'select', options: (f.options ?? []).map((o) => ({ value: o, label: o })) };
  return { key, label: f.label, kind: f.type === 'DATE' ? 'date' : 'text' };
}

/** The filters panel of the asset list (the places follow the sector chosen in the draft). */
export function useAssetFilters(draft: Record<string, string>): FilterDef[] {
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(draft.sectorId ? Number(draft.sectorId) : undefined).data?.locais ?? []);
  const tipos = byName(useTipos().data ?? []);
  const formas = byName(useFormas().data ?? []);
  const custom = (useFormFields().data ?? []).filter((f) => f.isCustom);
  return [
    { key: 'sectorId', label: 'Setor', kind: 'select', options: ids(sectors), resets: ['localId'] },
    { key: 'localId', label: 'Local', kind: 'select', options: ids(locais) },
    { key: 'tipoId', label: 'Tipo', kind: 'select', options: ids(tipos) },
    {
      key: 'status',
      label: 'Status',
      kind: 'multi',
      options: PATRIMONIO_STATUSES.map((s) => ({ value: s, label: PATRIMONIO_STATUS_LABELS[s] })),
    },
    {
      key: 'formaId',
      label: 'Forma de aquisição',
      kind: 'select',
      all: 'Todas',
      options: formas.map((f) => ({ value: String(f.id), label: f.nome })),
    },
    {
      key: 'estado',
      label: 'Estado de conservação',
      kind: 'select',
      options: ESTADOS_CONSERVACAO.map((s) => ({ value: s, label: ESTADO_CONSERVACAO_LABELS[s] })),
    },
    { key: 'valorMin', label: 'Valor mínimo', kind: 'money' },
    { key: 'valorMax', label: 'Valor máximo', kind: 'money' },
    { key: 'dataDe', label: 'Adquirido a partir de', kind: 'date' },
    { key: 'dataAte', label: 'Adquirido até', kind: 'date' },
    ...custom.map(customFilter),
  ];
}
