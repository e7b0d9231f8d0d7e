import { randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@tombo/shared';
import type { AppContext } from '../../context';
import { hashPassword } from '../../auth/passwords';
import { logger } from '../../logger';

/** The hash of a random secret nobody knows: the invited user signs in only after setting a password. */
export const unusableHash = () => hashPassword(randomBytes(32).toString('base64url'));

/**
 * Mails a set-password invitation (through the installation's mailer; without SMTP, DATA_DIR/outbox).
 * After the commit: a failed mail is logged and the superuser can send another (POST /superuser/users/:id/invitation).
 */
export async function sendInvitation(
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  user: { name: string; email: string },
  municipalityName: string | null,
  token: string,
): Promise<void> {
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}/redefinir-senha/${token}`;
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
