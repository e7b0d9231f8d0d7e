import { PATRIMONIO_MSG, type PublicMunicipio, type PublicMunicipioRef } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { read } from '../../db/tx';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { municipalityNamed, publicSearchEnabled } from './queries';

/**
 * Runs `fn` over the public data of the municipality the URL names, under that municipality's scope:
 * 400 when none is named, 404 unknown or inactive, 403 while its public search is off.
 */
export async function readPublic<T>(
  ctx: Pick<AppContext, 'db'>,
  ref: PublicMunicipioRef,
  fn: (tx: Db, scope: TenantScope, municipio: PublicMunicipio) => Promise<T>,
): Promise<T> {
  if (!ref.municipio && !ref.municipalityId)
    throw badRequest(PATRIMONIO_MSG.publicMunicipality, { municipio: PATRIMONIO_MSG.publicMunicipality });
  const m = await municipalityNamed(ctx.db, ref);
  if (!m || !m.active) throw notFound(PATRIMONIO_MSG.municipalityNotFound);
  const scope = scopeOfMunicipality(m.id);
  return read(ctx, scope, async (tx) => {
    if (!(await publicSearchEnabled(tx, scope))) throw new HttpError(403, 'FORBIDDEN', PATRIMONIO_MSG.publicDisabled);
    return fn(tx, scope, { id: m.id, name: m.name, slug: m.slug });
  });
}
