import {
  PATRIMONIO_MSG,
  PUBLIC_MSG,
  type PublicMunicipio,
  type PublicMunicipioChoice,
  type PublicMunicipioRef,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { read } from '../../db/tx';
import { HttpError, notFound } from '../../http/errors';
import { allMunicipalities, scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import type { Keep } from './answers';
import { IMOVEL_NOT_FOUND, imovelMunicipality } from './imoveis-queries';
import { municipalityNamed, publicMunicipalities, publicSearchEnabled } from './queries';

/** The municipalities open to the public consultation (every municipality's switch, read explicitly). */
export function openMunicipalities(ctx: Pick<AppContext, 'db'>): Promise<PublicMunicipio[]> {
  const all = allMunicipalities();
  return read(ctx, all, (tx) => publicMunicipalities(tx, all), { parallel: false });
}

/**
 * The municipality of a call that names none: the installation's only open one; with several (or none) a
 * 400 whose `details.municipios` lists the open ones, so the page can offer the choice.
 */
async function defaultMunicipality(ctx: Pick<AppContext, 'db'>): Promise<PublicMunicipioRef> {
  const open = await openMunicipalities(ctx);
  if (open.length === 1) return { municipalityId: open[0].id };
  const message = open.length ? PUBLIC_MSG.chooseMunicipioConsulta : PUBLIC_MSG.noMunicipioAberto;
  const details: PublicMunicipioChoice = { municipios: open };
  throw new HttpError(400, 'VALIDATION', message, { municipio: message }, { ...details });
}

/**
 * Runs `fn` over the public data of the municipality the URL names (or the only open one, when it names
 * none), under that municipality's scope: 404 unknown or inactive, and 404 as well while its public search
 * is off (the API then says nothing of the register; the message tells the page the consultation is unavailable).
 */
export async function readPublic<T>(
  ctx: Pick<AppContext, 'db'>,
  ref: PublicMunicipioRef,
  fn: (tx: Db, scope: TenantScope, municipio: PublicMunicipio & { uf: string | null }) => Promise<T>,
  keep?: Keep,
): Promise<T> {
  const named = !!(ref.municipio || ref.municipalityId);
  const m = await municipalityNamed(ctx.db, named ? ref : await defaultMunicipality(ctx));
  if (!m || !m.active) throw notFound(PATRIMONIO_MSG.municipalityNotFound);
  const scope = scopeOfMunicipality(m.id);
  // An answer for the default municipality also depends on the others' switches: not tied to one (any
  // municipality's change drops it).
  if (named) keep?.(m.id);
  return read(
    ctx,
    scope,
    async (tx) => {
      if (!(await publicSearchEnabled(tx, scope))) throw notFound(PUBLIC_MSG.unavailable);
      return fn(tx, scope, { id: m.id, name: m.name, slug: m.slug, uf: m.uf });
    },
    { parallel: false },
  );
}

/**
 * The municipality of a property's page: the one the URL names, else (an old link without it) the
 * property's own while it is open to the public; closed or unknown give the same 404.
 */
export async function imovelRef(
  ctx: Pick<AppContext, 'db'>,
  ref: PublicMunicipioRef,
  id: number,
): Promise<PublicMunicipioRef> {
  if (ref.municipio || ref.municipalityId) return ref;
  const open = (await openMunicipalities(ctx)).map((m) => m.id);
  const all = allMunicipalities();
  const municipalityId = await read(ctx, all, (tx) => imovelMunicipality(tx, all, id, open), { parallel: false });
  if (!municipalityId) throw notFound(IMOVEL_NOT_FOUND);
  return { municipalityId };
}
