import { randomUUID } from 'node:crypto';
import {
  MSG,
  SECURITY_MSG,
  type EnrolledLogin,
  type LoginResponse,
  type TwoFactorChallenge,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { actorOf, mutate, read, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { verifyPassword } from '../../auth/passwords';
import { loadPrincipal, type Principal } from '../../auth/principal';
import { decryptSecret, encryptSecret, newTotpSecret, totpSetup, verifyTotp } from '../../auth/totp';
import { allMunicipalities, type Tenancy } from '../../tenancy/scope';
import { policyOf } from '../security';
import { ownTenancy } from './access';
import { countFailure, recordLogin, type ClientInfo } from './commands';
import { userById, type UserRow } from './queries';
import * as tf from './two-factor';

// Two-step sign-in (TOTP, RFC 6238) and its management from /perfil. The sign-in steps run before
// anyone is known (system access, like the password step); /perfil runs under the caller's own tenancy.

const isLocked = (u: { lockoutUntil: Date | null }) => u.lockoutUntil != null && u.lockoutUntil > new Date();
const wrongCode = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', SECURITY_MSG.codeWrong, { code: SECURITY_MSG.codeWrong });
const challengeGone = () => new HttpError(401, 'UNAUTHORIZED', SECURITY_MSG.challengeInvalid);

/** Whether the municipality requires the user (an admin) to have 2FA. */
async function isRequired(ctx: AppContext, u: Pick<UserRow, 'role' | 'municipalityId'>): Promise<boolean> {
  if (u.role !== 'admin' || u.municipalityId == null) return false;
  const all = allMunicipalities();
  return (await read(ctx, all, (tx) => policyOf(tx, all, u.municipalityId))).requireTwoFactorForAdmins;
}

/**
 * After a right password: the second step the user needs, as a challenge, or null for none
 * (no 2FA and none required): the password step then signs in as before.
 */
export async function secondStep(ctx: AppContext, u: UserRow): Promise<TwoFactorChallenge | null> {
  const all = allMunicipalities();
  const row = await read(ctx, all, (tx) => tf.twoFactorOf(tx, all, u.id));
  const kind = row?.enabledAt ? 'verify' : (await isRequired(ctx, u)) ? 'enrol' : null;
  if (!kind) return null;
  const challengeToken = await mutate(ctx, actorOf(u), (tx) => tf.newChallenge(tx, all, u.id, kind), all);
  return { twoFactor: kind, challengeToken, expiresIn: tf.CHALLENGE_TTL_SECONDS };
}

/** The challenge's user, or 401 (unknown, expired or used challenge; locked account). */
async function challenged(ctx: AppContext, token: string, kind: 'verify' | 'enrol') {
  const all = allMunicipalities();
  const found = await read(ctx, all, async (tx) => {
    const ch = await tf.liveChallenge(tx, all, token, kind);
    const u = ch && (await userById(tx, all, ch.userId));
    const row = u && (await tf.twoFactorOf(tx, all, u.id));
    return ch && u ? { ch, u, row } : undefined;
  });
  if (!found) throw challengeGone();
  if (isLocked(found.u)) throw new HttpError(401, 'INVALID_CREDENTIALS', MSG.loginFailed);
  return found;
}

/** A wrong code at sign-in: counted toward the lockout like a wrong password, audited, 401. */
async function failCode(ctx: AppContext, u: UserRow): Promise<never> {
  const all = allMunicipalities();
  await mutate(
    ctx,
    actorOf(u),
    async (tx, out) => {
      await countFailure(tx, out, all, u.id);
      await record(tx, out, {
        action: 'TWO_FACTOR_FAILED',
        entityType: 'User',
        entityId: u.id,
        details: 'Código de verificação em duas etapas incorreto.',
      });
    },
    all,
  );
  throw wrongCode();
}

/** Ends a sign-in: the challenge used up (once), the login recorded, the session's tokens. */
async function finish(
  ctx: AppContext,
  u: UserRow,
  challengeId: string,
  client: ClientInfo,
  extra: (tx: Db, out: Outbox) => Promise<unknown>,
): Promise<LoginResponse> {
  const all = allMunicipalities();
  const principal = await loadPrincipal(ctx.database, u.id);
  if (!principal) throw new HttpError(401, 'INVALID_CREDENTIALS', MSG.loginFailed);
  const sid = randomUUID();
  const refreshToken = await mutate(
    ctx,
    actorOf(u),
    async (tx, out) => {
      if (!(await tf.useChallenge(tx, all, challengeId))) throw challengeGone();
      await extra(tx, out);
      return recordLogin(tx, out, all, u, sid, client);
    },
    all,
  );
  return { user: principal, token: ctx.tokens.signAccess(u, sid), refreshToken };
}

/** Second step with an authenticator code or a recovery code (single use). */
export async function verifySignIn(
  ctx: AppContext,
  input: { challengeToken: string; code?: string; recoveryCode?: string },
  client: ClientInfo,
): Promise<LoginResponse> {
  const { ch, u, row } = await challenged(ctx, input.challengeToken, 'verify');
  if (!row?.enabledAt) throw challengeGone();
  const all = allMunicipalities();
  if (input.code != null) {
    const step = await verifyTotp(decryptSecret(ctx.config, row.secretEnc), input.code, row.lastStep);
    if (step == null) return failCode(ctx, u);
    return finish(ctx, u, ch.id, client, (tx) => tf.acceptStep(tx, all, u.id, step));
  }
  const ok = await mutate(
    ctx,
    actorOf(u),
    (tx, out) => tf.useRecoveryCode(tx, out, all, u.id, input.recoveryCode!),
    all,
  );
  if (!ok) return failCode(ctx, u);
  return finish(ctx, u, ch.id, client, async () => undefined);
}

/** Enrolment forced at sign-in (required for admins): a new pending secret for the challenge's user. */
export async function enrolSetup(ctx: AppContext, challengeToken: string): Promise<TwoFactorSetup> {
  const { u, row } = await challenged(ctx, challengeToken, 'enrol');
  if (row?.enabledAt) throw conflict(SECURITY_MSG.twoFactorAlready);
  return newPending(ctx, u, allMunicipalities());
}

/** Confirms the forced enrolment with a code: 2FA on, recovery codes (shown once) and the session. */
export async function enrolConfirm(
  ctx: AppContext,
  input: { challengeToken: string; code: string },
  client: ClientInfo,
): Promise<EnrolledLogin> {
  const { ch, u, row } = await challenged(ctx, input.challengeToken, 'enrol');
  if (!row || row.enabledAt) throw badRequest(SECURITY_MSG.twoFactorNoSetup);
  const step = await verifyTotp(decryptSecret(ctx.config, row.secretEnc), input.code, null);
  if (step == null) return failCode(ctx, u);
  let recoveryCodes: string[] = [];
  const all = allMunicipalities();
  const login = await finish(ctx, u, ch.id, client, async (tx, out) => {
    recoveryCodes = await tf.enableTwoFactor(tx, out, all, u.id, step);
  });
  return { ...login, recoveryCodes };
}

/** A new pending secret of the user, stored encrypted; the secret, its URI and QR code to show once. */
async function newPending(ctx: AppContext, u: Pick<UserRow, 'id' | 'email' | 'name' | 'municipalityId'>, t: Tenancy) {
  const secret = newTotpSecret();
  const secretEnc = encryptSecret(ctx.config, secret);
  await mutate(ctx, actorOf(u), (tx) => tf.savePendingSecret(tx, t, u.id, secretEnc), t);
  return totpSetup(secret, u.email);
}

/** The caller's 2FA state. */
export async function status(ctx: AppContext, me: Principal): Promise<TwoFactorStatus> {
  const own = ownTenancy(me);
  const [row, left] = await read(ctx, own, (tx) =>
    Promise.all([tf.twoFactorOf(tx, own, me.id), tf.recoveryCodesLeft(tx, own, me.id)]),
  );
  return {
    enabled: !!row?.enabledAt,
    enabledAt: row?.enabledAt ? row.enabledAt.toISOString() : null,
    recoveryCodesLeft: row?.enabledAt ? left : 0,
    required: await isRequired(ctx, me),
  };
}

/** /perfil: a new pending secret to scan (409 when 2FA is already on). */
export async function setup(ctx: AppContext, me: Principal): Promise<TwoFactorSetup> {
  const own = ownTenancy(me);
  const row = await read(ctx, own, (tx) => tf.twoFactorOf(tx, own, me.id));
  if (row?.enabledAt) throw conflict(SECURITY_MSG.twoFactorAlready);
  return newPending(ctx, me, own);
}

/** /perfil: confirms the pending secret with a code (400 when wrong): 2FA on, recovery codes shown once. */
export async function enable(ctx: AppContext, me: Principal, code: string): Promise<string[]> {
  const own = ownTenancy(me);
  const row = await read(ctx, own, (tx) => tf.twoFactorOf(tx, own, me.id));
  if (row?.enabledAt) throw conflict(SECURITY_MSG.twoFactorAlready);
  if (!row) throw badRequest(SECURITY_MSG.twoFactorNoSetup);
  const step = await verifyTotp(decryptSecret(ctx.config, row.secretEnc), code, null);
  if (step == null) throw badRequest(SECURITY_MSG.codeWrong, { code: SECURITY_MSG.codeWrong });
  return mutate(ctx, actorOf(me), (tx, out) => tf.enableTwoFactor(tx, out, own, me.id, step), own);
}

/**
 * Checks the proof of a sensitive 2FA change: the password (a wrong one counts toward the lockout,
 * as on a password change) or a current code. 400 when wrong.
 */
async function requireProof(ctx: AppContext, me: Principal, proof: { password?: string; code?: string }) {
  const own = ownTenancy(me);
  const [u, row] = await read(ctx, own, (tx) =>
    Promise.all([userById(tx, own, me.id), tf.twoFactorOf(tx, own, me.id)]),
  );
  if (!u || !row?.enabledAt) throw badRequest(SECURITY_MSG.twoFactorNotEnabled);
  if (proof.password != null) {
    const ok = (await verifyPassword(u.passwordHash, proof.password)) && !isLocked(u);
    if (ok) return;
    if (!isLocked(u)) await mutate(ctx, actorOf(me), (tx, out) => countFailure(tx, out, own, me.id), own);
    throw badRequest(SECURITY_MSG.passwordWrong, { password: SECURITY_MSG.passwordWrong });
  }
  const step = await verifyTotp(decryptSecret(ctx.config, row.secretEnc), proof.code ?? '', row.lastStep);
  if (step == null) throw badRequest(SECURITY_MSG.codeWrong, { code: SECURITY_MSG.codeWrong });
  await mutate(ctx, actorOf(me), (tx) => tf.acceptStep(tx, own, me.id, step), own);
}

/** /perfil: turns 2FA off (not for an admin whose municipality requires it). */
export async function disable(ctx: AppContext, me: Principal, proof: { password?: string; code?: string }) {
  if (await isRequired(ctx, me)) throw conflict(SECURITY_MSG.twoFactorRequiredForAdmin);
  await requireProof(ctx, me, proof);
  const own = ownTenancy(me);
  await mutate(ctx, actorOf(me), (tx, out) => tf.disableTwoFactor(tx, out, own, me.id), own);
}

/** /perfil: a new set of recovery codes (shown once). */
export async function regenerate(ctx: AppContext, me: Principal, proof: { password?: string; code?: string }) {
  await requireProof(ctx, me, proof);
  const own = ownTenancy(me);
  return mutate(ctx, actorOf(me), (tx, out) => tf.regenerateRecoveryCodes(tx, out, own, me.id), own);
}
