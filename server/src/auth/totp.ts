import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '@tombo/shared';
import type { Config } from '../config';
import { loadJwtSecret } from './secrets';
import { sha256 } from './tokens';

// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, the authenticator apps' defaults) through otplib. Secrets
// are stored AES-256-GCM encrypted under a key derived (HKDF) from the installation's JWT secret.

const keys = new WeakMap<object, Buffer>();
function keyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', loadJwtSecret(config), 'tombo', 'totp-secret-v1', 32));
    keys.set(config, key);
  }
  return key;
}

/** A new base32 secret (20 bytes). */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function encryptSecret(config: Config, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const enc = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), enc]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * The stored secret in clear, or null when it no longer decrypts (JWT_SECRET changed): its codes are
 * then refused, while recovery codes (hashed, not encrypted) still work.
 */
export function decryptSecret(config: Config, stored: string): string | null {
  try {
    const [, iv, tag, enc] = stored.split('.');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(enc, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The otpauth:// URI and its QR code (PNG data URL) for an authenticator app. */
export async function totpSetup(secret: string, account: string) {
  const otpauthUri = generateURI({ issuer: PRODUCT_NAME, label: account, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 });
  return { secret, otpauthUri, qrCode };
}

/**
 * The time step a code is valid for (one step of clock drift either way), or null. A step at or
 * before `lastStep` (a code already used) is refused: a code works once.
 */
export async function verifyTotp(secret: string | null, code: string, lastStep: number | null): Promise<number | null> {
  if (!secret) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(lastStep != null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l
/** `n` recovery codes as shown (xxxxx-xxxxx) and the hashes stored. */
export function newRecoveryCodes(n = 10): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: n }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}
/** The stored hash of a recovery code (dashes and case ignored). */
export const recoveryHash = (code: string) => sha256(`recovery:${code.replace(/[\s-]+/g, '').toLowerCase()}`);
