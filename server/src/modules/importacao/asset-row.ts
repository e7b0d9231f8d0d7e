import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_MSG,
  PATRIMONIO_MSG,
  type ImportacaoDefaults,
  type ImportacaoMapping,
  type ImportacaoValueMapping,
} from '@tombo/shared';
import type { patrimonios } from '../../db/schema';
import type { Actor } from '../../db/tx';
import { text } from '../../spreadsheet/import';
import type { Cell } from '../../spreadsheet';
import { inScope, type TenantScope } from '../../tenancy/scope';
import type { MappedCustom } from './custom';
import type { ParsedRow } from './rows';

/**
 * One row of a register as an asset: its catalog rows (the value mapping's choices), the wizard's
 * defaults where the file has no value, its source texts (kept if the row ends up pending) and its
 * "dados de origem". The commit and the pending rows' confirmation build assets here.
 */

export type Ref = { id: number; name: string };
/** The catalog row of a file's value (undefined: none chosen or found). */
export interface Refs {
  setor(value: string): (Ref & { code: string }) | undefined;
  local(setorValue: string, value: string, sectorId: number): (Ref & { sectorId?: number }) | undefined;
  tipo(value: string): Ref | undefined;
  forma(value: string): Ref | undefined;
}
/** The defaults' rows, resolved once. */
export interface DefaultRefs {
  tipo: Ref | null;
  local: (Ref & { sectorId: number }) | null;
  forma: Ref | null;
  status: ImportacaoDefaults['status'];
  estado: ImportacaoDefaults['estado'];
}
export const NO_DEFAULTS: DefaultRefs = { tipo: null, local: null, forma: null, status: null, estado: null };

/** The file's columns no field takes, per row: label and text (empty cells left out), in column order. */
export type DadosOrigem = Array<{ rotulo: string; valor: string }>;

/** A row ready to write: its number, its sector's code (for the counters), the asset's columns. */
export interface AssetRow {
  line: number;
  numero: string;
  sectorCode: string;
  values: typeof patrimonios.$inferInsert & { sectorId: number };
  /** The row's texts by field key (what a pending row shows if the write refuses it). */
  source: Record<string, string>;
  origem: DadosOrigem;
}

/** The key of a field's values and errors in a pending row ('custom.<key>' for a custom field). */
export const customFieldKey = (key: string) => `custom.${key}`;

/** The texts of a row's mapped cells by field key. */
export function sourceValues(mapping: ImportacaoMapping, cells: Cell[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of IMPORTACAO_FIELDS) if (mapping[f] != null) out[f] = text(cells[mapping[f]]);
  for (const [k, col] of Object.entries(mapping.custom ?? {})) out[customFieldKey(k)] = text(cells[col]);
  return out;
}

/** The columns of `headers` no field of `mapping` takes: what becomes "dados de origem". */
export function unmappedColumns(mapping: ImportacaoMapping, width: number): number[] {
  const used = new Set<number>(
    [...IMPORTACAO_FIELDS.map((f) => mapping[f]), ...Object.values(mapping.custom ?? {})].filter(
      (c): c is number => c != null,
    ),
  );
  return Array.from({ length: width }, (_, i) => i).filter((i) => !used.has(i));
}

/** A row's "dados de origem": each unmapped column's label and non-empty text, in column order. */
export function dadosOrigemOf(headers: string[], columns: number[], cells: Cell[]): DadosOrigem {
  const out: DadosOrigem = [];
  for (const i of columns) {
    const valor = text(cells[i]);
    if (valor) out.push({ rotulo: headers[i] || `Coluna ${i + 1}`, valor });
  }
  return out;
}

/**
 * THE one place "dados de origem" reach the asset: the file's columns no field takes (label → text), kept on
 * the asset's `dados_origem` (shown on its view, exported, found by the list's search).
 */
export function withDadosOrigem(values: AssetRow['values'], dadosOrigem: DadosOrigem): AssetRow['values'] {
  return { ...values, dadosOrigem };
}

/** Field label → field key (the engine reports errors by label); custom fields by their label. */
export function fieldKeyByLabel(custom?: MappedCustom): Map<string, string> {
  const m = new Map<string, string>(IMPORTACAO_FIELDS.map((f) => [IMPORTACAO_FIELD_LABELS[f], f]));
  for (const [, f] of custom?.columns ?? []) m.set(f.label, customFieldKey(f.key));
  return m;
}

interface Build {
  scope: TenantScope;
  actor: Actor;
  mapping: ImportacaoMapping;
  vm: ImportacaoValueMapping;
  refs: Refs;
  defaults: DefaultRefs;
}

/**
 * The asset of a parsed row, or null once `error(label, message)` was told why (a value without a
 * choice, a sector outside the scope). Defaults fill what the file leaves empty.
 */
export function buildAsset(
  b: Build,
  row: ParsedRow,
  error: (field: string, message: string) => void,
  extra: { source: Record<string, string>; origem: DadosOrigem },
): AssetRow | null {
  const { mapping, vm, refs, defaults: d } = b;
  const L = IMPORTACAO_FIELD_LABELS;
  const unmapped = (label: string, value: string) => {
    error(label, IMPORTACAO_MSG.unmapped(label, value));
    return null;
  };
  const s = refs.setor(row.setor);
  if (!s) return unmapped(L.setor, row.setor);
  if (!inScope(b.scope, s.id)) {
    error(L.setor, PATRIMONIO_MSG.notYourSector);
    return null;
  }
  const has = (f: 'local' | 'tipo' | 'forma' | 'status' | 'estado') => mapping[f] != null && row[f] !== '';
  const l = has('local') ? refs.local(row.setor, row.local, s.id) : d.local?.sectorId === s.id ? d.local : undefined;
  if (has('local') && !l) return unmapped(L.local, row.local);
  const t = has('tipo') ? refs.tipo(row.tipo) : (d.tipo ?? undefined);
  if (has('tipo') && !t) return unmapped(L.tipo, row.tipo);
  const f = has('forma') ? refs.forma(row.forma) : (d.forma ?? undefined);
  if (has('forma') && !f) return unmapped(L.forma, row.forma);
  const status = has('status') ? vm.status[row.status] : (d.status ?? 'ativo');
  if (!status) return unmapped(L.status, row.status);
  const estado = has('estado') ? vm.estado[row.estado] : d.estado;
  if (estado === undefined) return unmapped(L.estado, row.estado);
  return {
    line: row.line,
    numero: row.numero,
    sectorCode: s.code,
    source: extra.source,
    origem: extra.origem,
    values: withDadosOrigem(
      {
        municipalityId: b.scope.municipalityId,
        numeroPatrimonio: row.numero,
        descricaoBem: row.descricao,
        tipoId: t?.id ?? null,
        tipoNome: t?.name ?? null,
        sectorId: s.id,
        setorNome: s.name,
        localId: l?.id ?? null,
        localNome: l?.name ?? null,
        formaAquisicaoId: f?.id ?? null,
        formaNome: f?.name ?? null,
        valorAquisicao: row.valor,
        quantidade: row.quantidade,
        dataAquisicao: row.data,
        // A donation, as the register leaves an approved one: written off and marked donated.
        status: status === 'doado' ? 'baixado' : status,
        doado: status === 'doado',
        estadoConservacao: estado ?? null,
        observacoes: row.observacoes,
        customFields: row.customFields,
        createdById: b.actor.id,
        createdByName: b.actor.name,
      },
      extra.origem,
    ),
  };
}
