import type { SessionUser } from '../auth';
import type { SecurityPolicy } from './schemas';

/** GET/PUT /api/security/policy. */
export interface SecurityPolicyResponse {
  policy: SecurityPolicy;
  version: number;
  updatedAt: string | null;
}
/** What every signed-in user's client needs of the policy (idle timer, password hint). */
export interface SessionPolicy {
  idleTimeoutMinutes: number;
  passwordMinLength: number;
}

/** The first step of a sign-in when a second one is needed. */
export interface TwoFactorChallenge {
  /** 'verify': ask for a code; 'enrol': the municipality requires 2FA and the admin has none yet. */
  twoFactor: 'verify' | 'enrol';
  challengeToken: string;
  /** Seconds the challenge stays valid. */
  expiresIn: number;
}
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a PNG data URL. */
  qrCode: string;
}
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** True when the municipality requires 2FA for the user (admins only). */
  required: boolean;
}
export interface RecoveryCodesResponse {
  recoveryCodes: string[];
}
export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}
export interface ProfileResponse {
  user: SessionUser;
}
/** POST /api/auth/login: the session, or a second step when the user has (or must set up) 2FA. */
export type LoginResult = import('../auth').LoginResponse | TwoFactorChallenge;
/** A sign-in that ended an enrolment: the session and the recovery codes, shown once. */
export type EnrolledLogin = import('../auth').LoginResponse & RecoveryCodesResponse;
