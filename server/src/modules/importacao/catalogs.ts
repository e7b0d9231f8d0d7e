import {
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_MSG,
  type ImportacaoCatalog,
  type ImportacaoDefaults,
  type ImportacaoValueMapping,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao, locais, tiposBens } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import { JobFailure } from '../../jobs/define';
import type { TenantScope } from '../../tenancy/scope';
import { loadCatalogs } from '../patrimonios';
import { createSector } from '../sectors';
import { fold } from './analyse';
import { HttpError } from '../../http/errors';
import type { DefaultRefs, Ref, Refs } from './asset-row';

/** Two free characters for a new sector's code: its initials, else any free pair (codes are 2 letters/digits). */
function sectorCodeFor(name: string, taken: Set<string>): string {
  const letters = fold(name)
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '');
  const words = letters.split(' ').filter((w) => w && !['DA', 'DE', 'DO', 'DAS', 'DOS', 'E'].includes(w));
  const flat = words.join('');
  const tries = [
    words.length > 1 ? words[0][0] + words[1][0] : flat.slice(0, 2),
    ...[...flat.slice(1)].map((c) => flat[0] + c),
  ].filter((c) => c.length === 2);
  const ALPHA = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  for (const a of ALPHA) for (const b of ALPHA) tries.push(a + b);
  const code = tries.find((c) => !taken.has(c));
  if (!code)
    throw new JobFailure('Não há mais códigos de setor livres (2 caracteres) para criar os setores do arquivo.', false);
  taken.add(code);
  return code;
}

export interface Resolved {
  setor: Map<string, Ref & { code: string }>;
  local: Map<string, Ref>;
  tipo: Map<string, Ref>;
  forma: Map<string, Ref>;
  created: Record<ImportacaoCatalog, number>;
}

/**
 * The catalog row of every distinct value: the chosen one, or a new one ('criar'; one per name) —
 * for an importer who may not create, a value without a row fails the import.
 */
export async function resolveCatalogs(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  vm: ImportacaoValueMapping,
  createCatalogs: boolean,
): Promise<Resolved> {
  const m = scope.municipalityId;
  const mayCreate = () => {
    if (!createCatalogs) throw new JobFailure(IMPORTACAO_MSG.noCreate, false);
  };
  const cat = await loadCatalogs(tx, scope);
  const created = { setor: 0, local: 0, tipo: 0, forma: 0 };
  const codes = new Set(cat.sectors.map((s) => s.code));
  const sectorById = new Map(cat.sectors.map((s) => [s.id, s]));
  const sectorByName = new Map(cat.sectors.map((s) => [fold(s.name), s]));
  const setor = new Map<string, Ref & { code: string }>();
  for (const [value, c] of Object.entries(vm.setor)) {
    let s = 'id' in c ? sectorById.get(c.id) : sectorByName.get(fold(c.nome ?? value));
    if (!s) {
      mayCreate();
      const name = ('criar' in c && c.nome) || value.trim().slice(0, 100) || 'Sem setor';
      // As the sectors screen creates one: audited, and `sector.created` sent after the commit (outbox).
      const sector = await createSector(tx, out, scope, { name, code: sectorCodeFor(name, codes) });
      s = { id: sector.id, name: sector.name, code: sector.code };
      sectorByName.set(fold(name), s);
      created.setor++;
    }
    setor.set(value, s);
  }
  const simple = async (
    choices: ImportacaoValueMapping['tipo'],
    existing: Ref[],
    insert: (name: string) => Promise<Ref>,
    kind: 'tipo' | 'forma',
  ) => {
    const byId = new Map(existing.map((x) => [x.id, x]));
    const byName = new Map(existing.map((x) => [fold(x.name), x]));
    const out = new Map<string, Ref>();
    for (const [value, c] of Object.entries(choices)) {
      const name = 'id' in c ? value : (c.nome ?? value);
      let x = 'id' in c ? byId.get(c.id) : byName.get(fold(name));
      if (!x) {
        mayCreate();
        x = await insert(name.trim().slice(0, 100));
        byName.set(fold(x.name), x);
        created[kind]++;
      }
      out.set(value, x);
    }
    return out;
  };
  const tipo = await simple(
    vm.tipo,
    cat.tipos,
    async (name) =>
      (
        await tx
          .insert(tiposBens)
          .values({ municipalityId: m, name })
          .returning({ id: tiposBens.id, name: tiposBens.name })
      )[0],
    'tipo',
  );
  const forma = await simple(
    vm.forma,
    cat.formas,
    async (name) =>
      (
        await tx
          .insert(formasAquisicao)
          .values({ municipalityId: m, name })
          .returning({ id: formasAquisicao.id, name: formasAquisicao.name })
      )[0],
    'forma',
  );
  const localById = new Map(cat.locais.map((l) => [l.id, l]));
  const localByName = new Map(cat.locais.map((l) => [`${l.sectorId}:${fold(l.name)}`, l]));
  const local = new Map<string, Ref>();
  for (const [key, c] of Object.entries(vm.local)) {
    const [setorValue, value] = key.split('\u001f');
    const s = setor.get(setorValue);
    if (!s) continue; // a pair whose sector the file never pairs it with: unused
    let l: Ref | undefined = 'id' in c ? localById.get(c.id) : localByName.get(`${s.id}:${fold(value)}`);
    if (!l) {
      mayCreate();
      const name = value.trim().slice(0, 100);
      const [row] = await tx
        .insert(locais)
        .values({ municipalityId: m, sectorId: s.id, name })
        .returning({ id: locais.id, name: locais.name, sectorId: locais.sectorId });
      localByName.set(`${s.id}:${fold(name)}`, row);
      l = row;
      created.local++;
    }
    local.set(key, l);
  }
  return { setor, local, tipo, forma, created };
}

/** The commit's resolved rows as the asset builder asks for them. */
export function refsOf(r: Resolved): Refs {
  return {
    setor: (v) => r.setor.get(v),
    local: (setorValue, v) => r.local.get(`${setorValue}\u001f${v}`),
    tipo: (v) => r.tipo.get(v),
    forma: (v) => r.forma.get(v),
  };
}

/**
 * The catalog rows of a pending row's values, never creating one: the import's choice for a value (a
 * created one found by its name), else an existing row of the same name (a sector also by code).
 */
export async function lookupRefs(tx: Db, scope: TenantScope, vm: ImportacaoValueMapping): Promise<Refs> {
  const cat = await loadCatalogs(tx, scope);
  const byIdName = <T extends Ref>(list: T[]) => ({
    id: new Map(list.map((x) => [x.id, x])),
    name: new Map(list.map((x) => [fold(x.name), x])),
  });
  const sectors = byIdName(cat.sectors);
  for (const s of cat.sectors) if (!sectors.name.has(fold(s.code))) sectors.name.set(fold(s.code), s);
  const tipos = byIdName(cat.tipos);
  const formas = byIdName(cat.formas);
  const pick = <T extends Ref>(
    maps: { id: Map<number, T>; name: Map<string, T> },
    choices: ImportacaoValueMapping['setor'],
    v: string,
  ) => {
    const c = choices[v];
    if (c && 'id' in c) return maps.id.get(c.id);
    return maps.name.get(fold((c && 'nome' in c && c.nome) || v));
  };
  return {
    setor: (v) => pick(sectors, vm.setor, v),
    local: (setorValue, v, sectorId) => {
      const c = vm.local[`${setorValue}\u001f${v}`];
      const l =
        c && 'id' in c
          ? cat.locais.find((x) => x.id === c.id)
          : cat.locais.find((x) => x.sectorId === sectorId && fold(x.name) === fold(v));
      return l && l.sectorId === sectorId ? l : undefined;
    },
    tipo: (v) => pick(tipos, vm.tipo, v),
    forma: (v) => pick(formas, vm.forma, v),
  };
}

/** The defaults' rows (422 when one is not the municipality's, or a place outside the importer's sectors). */
export async function resolveDefaults(tx: Db, scope: TenantScope, d: ImportacaoDefaults): Promise<DefaultRefs> {
  const cat = await loadCatalogs(tx, scope);
  const fail = (field: 'tipo' | 'local' | 'forma'): never => {
    const message = IMPORTACAO_MSG.badDefault(IMPORTACAO_FIELD_LABELS[field]);
    throw new HttpError(422, 'UNPROCESSABLE', message, { [`defaults.${field}`]: message });
  };
  const tipo = d.tipo == null ? null : (cat.tipos.find((x) => x.id === d.tipo) ?? fail('tipo'));
  const forma = d.forma == null ? null : (cat.formas.find((x) => x.id === d.forma) ?? fail('forma'));
  const local = d.local == null ? null : (cat.locais.find((x) => x.id === d.local) ?? fail('local'));
  if (local && scope.sectorIds && !scope.sectorIds.includes(local.sectorId)) fail('local');
  return { tipo, forma, local, status: d.status, estado: d.estado };
}
