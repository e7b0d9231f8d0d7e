import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, USER_MSG, type User } from '@tombo/shared';
import type { AppContext } from '../../context';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { logger } from '../../logger';
import { record } from '../audit';
import { newLink, revokeAllSessions, revokeLinks } from '../auth';
import { userRooms, type UserRow } from './presenters';
import { presentUsers } from './queries';

// One invitation flow for every inviter: a municipality's admin (POST /users without a password, POST
// /users/:id/invitation), the superuser (a municipality's first admin, any user) and a restored backup.

/** The hash of a random secret nobody knows: the invited user signs in only after creating a password. */
export const unusableHash = () => hashPassword(randomBytes(32).toString('base64url'));

/** The path of an invitation's page in the client ("Criar sua senha"). */
export const INVITATION_PATH = '/criar-senha/';

/** The user's row, changed, presented and told to whoever may read it (`user.updated`). */
async function updated(tx: Db, out: Outbox, row: UserRow, action: string, details: string): Promise<User> {
  const [user] = await presentUsers(tx, [row]);
  await record(
    tx,
    out,
    { action, entityType: 'User', entityId: row.id, label: row.name, details, municipalityId: row.municipalityId },
    liveEvent(userRooms(row.id, row.municipalityId), 'user.updated', user, row.municipalityId),
  );
  return user;
}

/**
 * A new invitation of a user the caller found and locked: earlier links stop working, a new single-use one
 * valid INVITATION_TTL_DAYS is returned for the caller to mail after the commit (`sendInvitation`).
 */
export async function startInvitation(tx: Db, out: Outbox, old: UserRow): Promise<{ user: User; token: string }> {
  await revokeLinks(tx, old.id);
  const token = await newLink(tx, old.id, INVITATION_TTL_DAYS * 86_400_000);
  const [row] = await tx
    .update(users)
    .set({ invitationStatus: 'pending', updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, old.id))
    .returning();
  const details = `Convite de acesso enviado para ${row.email} (válido por ${INVITATION_TTL_DAYS} dias).`;
  return { user: await updated(tx, out, row, 'USER_INVITE', details), token };
}

/**
 * Revokes the waiting invitation of a user the caller found and locked (422 without one): its link stops
 * working and the user cannot sign in (a password nobody knows, sessions ended) until invited again.
 */
export async function revokeInvitation(tx: Db, out: Outbox, old: UserRow, passwordHash: string): Promise<User> {
  if (old.invitationStatus !== 'pending')
    throw new HttpError(422, 'UNPROCESSABLE', USER_MSG.noInvitation, { id: USER_MSG.noInvitation });
  await revokeLinks(tx, old.id);
  const [row] = await tx
    .update(users)
    .set({
      invitationStatus: 'revoked',
      passwordHash,
      mustChangePassword: false,
      updatedAt: new Date(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, old.id))
    .returning();
  await revokeAllSessions(tx, old.id);
  return updated(
    tx,
    out,
    row,
    'USER_INVITE_REVOKE',
    'Convite de acesso revogado: o usuário só entra após um novo convite.',
  );
}

/**
 * Mails an invitation's "Criar sua senha" link (through the installation's mailer; without SMTP, DATA_DIR/outbox).
 * After the commit: a failed mail is logged and the inviter can send another ("Reenviar convite").
 */
export async function sendInvitation(
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  user: { name: string; email: string },
  municipalityName: string | null,
  token: string,
): Promise<void> {
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}${INVITATION_PATH}${token}`;
  const where = municipalityName ? ` de ${municipalityName}` : '';
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: `Tombo — convite de acesso${where}`,
      text:
        `Olá, ${user.name}.\n\nVocê foi cadastrado(a) como usuário(a) do Tombo${where}.\n` +
        `Para criar a sua senha e entrar no sistema, acesse:\n${link}\n\n` +
        `O link vale por ${INVITATION_TTL_DAYS} dias e pode ser usado uma única vez. ` +
        `Depois, entre com o seu e-mail (${user.email}) e a senha criada.`,
    });
  } catch (err) {
    logger.error({ err }, 'convite: falha ao enviar');
  }
}
