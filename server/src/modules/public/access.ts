import { PATRIMONIO_MSG, PUBLIC_MSG, type PublicMunicipio, type PublicMunicipioRef } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { read } from '../../db/tx';
import { badRequest, notFound } from '../../http/errors';
import { scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import type { Keep } from './answers';
import { municipalityNamed, publicSearchEnabled } from './queries';

/**
 * Runs `fn` over the public data of the municipality the URL names, under that municipality's scope:
 * 400 when none is named, 404 unknown or inactive, and 404 as well while its public search is off (the
 * API then says nothing of the register; the message tells the page the consultation is unavailable).
 */
export async function readPublic<T>(
  ctx: Pick<AppContext, 'db'>,
  ref: PublicMunicipioRef,
  fn: (tx: Db, scope: TenantScope, municipio: PublicMunicipio & { uf: string | null }) => Promise<T>,
  keep?: Keep,
): Promise<T> {
  if (!ref.municipio && !ref.municipalityId)
    throw badRequest(PATRIMONIO_MSG.publicMunicipality, { municipio: PATRIMONIO_MSG.publicMunicipality });
  const m = await municipalityNamed(ctx.db, ref);
  if (!m || !m.active) throw notFound(PATRIMONIO_MSG.municipalityNotFound);
  const scope = scopeOfMunicipality(m.id);
  keep?.(m.id);
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
