import { eq } from 'drizzle-orm';
import { MSG, type User } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Outbox } from '../../../db/tx';
import { notFound } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { revokeInvitation, startInvitation } from '../invitations';
import { findUser } from '../queries';
import { insertUser, type NewUser } from './write';

/** A user of the scope's municipality, locked; a superuser is out of reach here (404). */
async function municipalUser(tx: Db, scope: TenantScope, id: number) {
  const row = await findUser(tx, scope, id, true);
  if (row.role === 'superuser') throw notFound(MSG.users.notFound);
  return row;
}

/**
 * Creates a user of `municipalityId` who has no password yet and invites them: the caller mails the token after
 * the commit. Shared by a municipality's admin and the superuser (who names the municipality).
 */
export async function inviteNewUser(
  tx: Db,
  out: Outbox,
  municipalityId: number | null,
  input: NewUser,
): Promise<{ user: User; token: string }> {
  const created = await insertUser(tx, out, municipalityId, { ...input, invited: true });
  // the row this transaction just wrote: no tenancy question
  const [row] = await tx.select().from(users).where(eq(users.id, created.id));
  return startInvitation(tx, out, row);
}

/** "Reenviar convite": a new link for a user of the scope's municipality; the old one stops working. */
export async function resendInvitation(tx: Db, out: Outbox, scope: TenantScope, id: number) {
  return startInvitation(tx, out, await municipalUser(tx, scope, id));
}

/** "Revogar convite": the link stops working and the user cannot sign in until invited again. */
export async function revokeUserInvitation(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  unusable: string,
): Promise<User> {
  return revokeInvitation(tx, out, await municipalUser(tx, scope, id), unusable);
}
