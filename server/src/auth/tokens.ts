import jwt from 'jsonwebtoken';
import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@tombo/shared';

export interface AccessClaims {
  sub: string;
  mid: number | null;
  role: string;
}

export class TokenService {
  /**
   * A KeyObject made once: given a string, jsonwebtoken tries createPublicKey() on every call and
   * catches the failure, which was the largest CPU cost of an authenticated request.
   */
  private readonly secret: KeyObject;
  constructor(secret: string) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  signAccess(user: { id: number; municipalityId: number | null; role: string }): string {
    const claims: Omit<AccessClaims, 'sub'> = { mid: user.municipalityId, role: user.role };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: String(user.id),
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      issuer: 'tombo',
    });
  }

  /** Returns the claims, or null when the token is missing, forged or expired. */
  verifyAccess(token: string | undefined): AccessClaims | null {
    if (!token) return null;
    try {
      const c = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: 'tombo' }) as jwt.JwtPayload;
      if (typeof c.sub !== 'string') return null;
      return { sub: c.sub, mid: (c.mid as number | null) ?? null, role: String(c.role) };
    } catch {
      return null;
    }
  }
}

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
