import { z } from 'zod';
import { LOCKOUT_MINUTES, LOCKOUT_THRESHOLD } from '../constants';
import { MSG } from '../messages';
import { SECURITY_MSG } from './messages';

const int = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/**
 * A municipality's security policy. The four character classes of spec §5 are always required (a
 * policy can only be stricter than §5), so only the minimum length is a setting for passwords.
 * lockoutMinutes 0 = locked until an admin unlocks; otherwise the lock ends by itself.
 */
export const securityPolicySchema = z.strictObject({
  passwordMinLength: int(8, 64, SECURITY_MSG.minLengthRange),
  lockoutThreshold: int(3, 20, SECURITY_MSG.thresholdRange),
  lockoutMinutes: int(0, 1440, SECURITY_MSG.lockoutRange),
  idleTimeoutMinutes: int(5, 480, SECURITY_MSG.idleRange),
  requireTwoFactorForAdmins: z.boolean(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;

/** PUT /api/security/policy: the whole policy and the version read (409 when it changed since). */
export const securityPolicyBody = securityPolicySchema.extend({ version: z.number().int().min(0) });

/** The policy before a municipality sets its own (spec §5 and §9). */
export const DEFAULT_SECURITY_POLICY: SecurityPolicy = {
  passwordMinLength: 8,
  lockoutThreshold: LOCKOUT_THRESHOLD,
  lockoutMinutes: LOCKOUT_MINUTES,
  idleTimeoutMinutes: 30,
  requireTwoFactorForAdmins: false,
};

/** The password rules of a policy: spec §5 with the policy's minimum length (its message names it). */
export const policyPasswordSchema = (minLength: number) =>
  z
    .string({ error: SECURITY_MSG.minLength(minLength) })
    .min(minLength, { error: SECURITY_MSG.minLength(minLength) })
    .max(200, { error: 'A senha deve ter no máximo 200 caracteres.' })
    .regex(/[a-z]/, { error: MSG.password.lower })
    .regex(/[A-Z]/, { error: MSG.password.upper })
    .regex(/[0-9]/, { error: MSG.password.digit })
    .regex(/[^A-Za-z0-9]/, { error: MSG.password.special });

/** A 6-digit authenticator code (spaces tolerated). */
export const totpCode = z
  .string({ error: SECURITY_MSG.codeFormat })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: SECURITY_MSG.codeFormat }));
/** A recovery code as shown (xxxxx-xxxxx), case and dashes tolerated. */
export const recoveryCode = z
  .string({ error: SECURITY_MSG.recoveryFormat })
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: SECURITY_MSG.recoveryFormat }));

const challengeToken = z.string().min(10).max(500);

/** Second step of a sign-in: the challenge from /auth/login and a code or a recovery code. */
export const twoFactorVerifyBody = z.union([
  z.strictObject({ challengeToken, code: totpCode }),
  z.strictObject({ challengeToken, recoveryCode }),
]);
/** Enrolment during sign-in (2FA required for admins): start, then confirm with a code. */
export const twoFactorEnrolStartBody = z.strictObject({ challengeToken });
export const twoFactorEnrolConfirmBody = z.strictObject({ challengeToken, code: totpCode });
/** Enabling from /perfil: the code of the secret shown by /auth/2fa/setup. */
export const twoFactorEnableBody = z.strictObject({ code: totpCode });
/** Disabling, or new recovery codes: the password or a current code. */
export const twoFactorProofBody = z
  .strictObject({ password: z.string().min(1).max(200).optional(), code: totpCode.optional() })
  .refine((v) => v.password != null || v.code != null, { error: SECURITY_MSG.disableNeedsProof, path: ['password'] });

export const profileBody = z.strictObject({
  name: z
    .string({ error: SECURITY_MSG.nameRequired })
    .trim()
    .min(1, { error: SECURITY_MSG.nameRequired })
    .max(200, { error: 'O nome deve ter no máximo 200 caracteres.' }),
});
export const sessionParam = z.strictObject({ id: z.uuid({ error: SECURITY_MSG.sessionNotFound }) });
export const avatarParam = z.strictObject({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) });
