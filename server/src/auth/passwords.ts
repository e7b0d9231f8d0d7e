import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id: m = 19 MiB, t = 2, p = 1.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (plain: string) => hash(plain, OPTIONS);
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
/** A valid hash to verify against when the e-mail is unknown, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('dummy-password-Aa1!'));
