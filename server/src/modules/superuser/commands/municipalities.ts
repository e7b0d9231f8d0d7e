import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SUPERUSER_MSG,
  room,
  type MunicipalityCreate,
  type MunicipalityCreated,
  type MunicipalityUpdate,
  type Municipality,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { municipalities, refreshTokens, users } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError, conflict, isUniqueViolation, notFound } from '../../../http/errors';
import type { AllMunicipalities } from '../../../tenancy/scope';
import { inviteNewUser } from '../../users';
import { seedTiposBensPadrao } from '../../tipos-bens';
import { presentMunicipality } from '../presenters';

type Row = typeof municipalities.$inferSelect;

/** A taken slug or IBGE code → 409 with the field named; anything else is rethrown. */
function taken(err: unknown): never {
  if (isUniqueViolation(err, 'municipalities_slug_unique')) throw conflictOn('slug', SUPERUSER_MSG.slugTaken);
  if (isUniqueViolation(err, 'municipalities_ibge_code_unique'))
    throw conflictOn('codigoIbge', SUPERUSER_MSG.ibgeTaken);
  throw err;
}
const conflictOn = (field: string, message: string) => new HttpError(409, 'DUPLICATE', message, { [field]: message });

const changed = (m: Municipality) => liveEvent(room.superusers, 'municipality.changed', m, m.id);

/**
 * Onboards a city hall: the municipality (its default templates come from the insert triggers), its
 * first admin (no usable password: `unusableHash`) and the admin's invitation token, in the caller's
 * transaction. A taken slug or IBGE code, or the admin's e-mail, is a 409 and nothing is written.
 */
export async function createMunicipality(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: MunicipalityCreate & { unusableHash: string },
): Promise<MunicipalityCreated & { token: string }> {
  const [m] = await tx
    .insert(municipalities)
    .values({
      name: input.name,
      slug: input.slug,
      uf: input.uf,
      ibgeCode: input.codigoIbge,
      cnpj: input.cnpj ?? null,
    })
    .returning()
    .catch(taken);
  const municipality = presentMunicipality(m);
  // Its asset types: the federal table of useful lives and residual values (docs/depreciation.md).
  await seedTiposBensPadrao(tx, m.id);
  await record(
    tx,
    out,
    {
      action: 'MUNICIPALITY_CREATE',
      entityType: 'Municipality',
      entityId: m.id,
      label: m.name,
      details: { new_value: { name: m.name, uf: m.uf, codigoIbge: m.ibgeCode, slug: m.slug } },
      municipalityId: m.id,
    },
    changed(municipality),
  );
  const { user: admin, token } = await inviteNewUser(tx, out, m.id, {
    name: input.admin.name,
    email: input.admin.email,
    role: 'admin',
    passwordHash: input.unusableHash,
  });
  return { municipality, admin, token };
}

/** Any municipality, locked for update; 404 for an unknown id. */
async function lockMunicipality(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(municipalities).where(eq(municipalities.id, id)).for('update');
  if (!row) throw notFound(SUPERUSER_MSG.municipalityNotFound);
  return row;
}

/**
 * Edits a municipality; `ativo: false` deactivates it: its users' sessions are revoked (the principal
 * notification of the municipalities trigger drops every cached principal, so their access tokens and
 * sockets stop at once) and its public pages answer 404. A stale version is a 409.
 */
export async function updateMunicipality(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  id: number,
  input: MunicipalityUpdate,
): Promise<Municipality> {
  const old = await lockMunicipality(tx, id);
  if (input.version !== old.version) throw conflict();
  const uf = input.uf ?? old.uf;
  const ibgeCode = input.codigoIbge ?? old.ibgeCode;
  const active = input.ativo ?? old.active;
  const [row] = await tx
    .update(municipalities)
    .set({
      name: input.name ?? old.name,
      slug: input.slug ?? old.slug,
      uf,
      ibgeCode,
      cnpj: input.cnpj === undefined ? old.cnpj : input.cnpj,
      active,
      updatedAt: new Date(),
      version: sql`${municipalities.version} + 1`,
    })
    .where(eq(municipalities.id, id))
    .returning()
    .catch(taken);
  if (!active && old.active) await revokeMunicipalitySessions(tx, id);
  const municipality = presentMunicipality(row);
  const action =
    active === old.active ? 'MUNICIPALITY_UPDATE' : active ? 'MUNICIPALITY_REACTIVATE' : 'MUNICIPALITY_DEACTIVATE';
  const pick = (r: Row) => ({
    name: r.name,
    slug: r.slug,
    uf: r.uf,
    codigoIbge: r.ibgeCode,
    cnpj: r.cnpj,
    active: r.active,
  });
  await record(
    tx,
    out,
    {
      action,
      entityType: 'Municipality',
      entityId: id,
      label: row.name,
      details: { old_value: pick(old), new_value: pick(row) },
      municipalityId: id,
    },
    changed(municipality),
  );
  return municipality;
}

/** Revokes every live refresh token of the municipality's users (a reactivation needs a new sign-in). */
async function revokeMunicipalitySessions(tx: Db, municipalityId: number): Promise<void> {
  const members = tx.select({ id: users.id }).from(users).where(eq(users.municipalityId, municipalityId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(refreshTokens.userId, members), isNull(refreshTokens.revokedAt)));
}
