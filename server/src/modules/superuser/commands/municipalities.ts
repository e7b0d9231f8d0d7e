import type { Db } from '../../../db/client';
import { municipalities } from '../../../db/schema';
import { record, type Outbox } from '../../../db/tx';
import { conflict, isUniqueViolation } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';
import { presentMunicipality } from '../presenters';
import { SUPERUSER_MSG } from '../schema';

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A new municipality (its slug from the name; 409 when taken). */
export async function createMunicipality(tx: Db, out: Outbox, _all: AllMunicipalities, input: { name: string }) {
  const [m] = await tx
    .insert(municipalities)
    .values({ name: input.name, slug: slugify(input.name) })
    .returning()
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict(SUPERUSER_MSG.municipalityTaken, 'DUPLICATE');
      throw err;
    });
  await record(tx, out, {
    action: 'MUNICIPALITY_CREATE',
    entityType: 'Municipality',
    entityId: m.id,
    details: { new_value: { name: input.name } },
  });
  return presentMunicipality(m);
}
