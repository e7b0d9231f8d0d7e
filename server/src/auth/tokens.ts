import jwt from 'jsonwebtoken';
import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@tombo/shared';

export interface AccessClaims {
  sub: string;
  /** The session: the refresh-token family the token was issued for (revoking it ends the token too). */
  sid: string;
  mid: number | null;
  role: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export class TokenService {
  /**
   * A KeyObject made once: given a string, jsonwebtoken tries createPublicKey() on every call and
   * catches the failure, which was the largest CPU cost of an authenticated request.
   */
  private readonly secret: KeyObject;
  constructor(
    secret: string,
    private readonly ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** An access token of `user` for the session (refresh-token family) `sid`. */
  signAccess(user: { id: number; municipalityId: number | null; role: string }, sid: string): string {
    const claims = { sid, mid: user.municipalityId, role: user.role };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: String(user.id),
      expiresIn: this.ttlSeconds,
      issuer: 'tombo',
    });
  }

  /**
   * Tokens already verified, with their claims: a token's signature never changes, so each is checked
   * once and then only its expiry (revocation is the session's, checked by the principal cache).
   */
  private readonly verified = new Map<string, AccessClaims>();

  /** Returns the claims, or null when the token is missing, forged, expired or has no session. */
  verifyAccess(token: string | undefined): AccessClaims | null {
    if (!token) return null;
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = this.verifySignature(token);
    if (claims) {
      // Bounded: past VERIFIED_MAX tokens the oldest go (Map keeps insertion order).
      if (this.verified.size >= VERIFIED_MAX) for (const k of this.verified.keys()) if (this.verified.delete(k)) break;
      this.verified.set(token, claims);
    }
    return claims;
  }

  private verifySignature(token: string): AccessClaims | null {
    try {
      const c = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: 'tombo' }) as jwt.JwtPayload;
      if (typeof c.sub !== 'string' || typeof c.sid !== 'string' || typeof c.exp !== 'number') return null;
      const claims = {
        sub: c.sub,
        sid: c.sid,
        mid: (c.mid as number | null) ?? null,
        role: String(c.role),
        exp: c.exp,
      };
      return Object.freeze(claims);
    } catch {
      return null;
    }
  }
}

/** Verified tokens kept in memory (a few hundred bytes each). */
const VERIFIED_MAX = 10_000;

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
