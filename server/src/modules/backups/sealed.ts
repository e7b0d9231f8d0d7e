import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';

// A sealed file: MAGIC, a 12-byte IV, the AES-256-GCM ciphertext, its 16-byte tag.
const MAGIC = Buffer.from('TOMBO-SEALED-1\n');
const IV = 12;
const TAG = 16;

/** Seals `src` into `dest` (AES-256-GCM under `key`), streamed; `dest` is readable by its owner only. */
export async function sealFile(src: string, dest: string, key: Buffer): Promise<void> {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  await pipeline(
    fs.createReadStream(src),
    cipher,
    async function* (sealed: AsyncIterable<Buffer>) {
      yield Buffer.concat([MAGIC, iv]);
      for await (const chunk of sealed) yield chunk;
      yield cipher.getAuthTag();
    },
    fs.createWriteStream(dest, { mode: 0o600 }),
  );
}

/** The same for bytes held in memory. */
export function sealBuffer(plain: Buffer, key: Buffer): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, iv, body, cipher.getAuthTag()]);
}

const notSealed = () => new Error('not a sealed backup (or sealed with another key)');

/**
 * Opens a sealed file into `dest`; throws when it was not sealed with `key` or was altered (the tag is
 * checked at the end: the caller uses `dest` only once this resolved).
 */
export async function openFile(src: string, dest: string, key: Buffer): Promise<void> {
  const { size } = await fsp.stat(src);
  if (size < MAGIC.length + IV + TAG) throw notSealed();
  const fh = await fsp.open(src, 'r');
  const head = Buffer.alloc(MAGIC.length + IV);
  const tag = Buffer.alloc(TAG);
  try {
    await fh.read(head, 0, head.length, 0);
    await fh.read(tag, 0, TAG, size - TAG);
  } finally {
    await fh.close();
  }
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw notSealed();
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length));
  decipher.setAuthTag(tag);
  await pipeline(
    fs.createReadStream(src, { start: head.length, end: size - TAG - 1 }),
    decipher,
    fs.createWriteStream(dest, { mode: 0o600 }),
  );
}

/** The same for bytes held in memory. */
export function openBuffer(sealed: Buffer, key: Buffer): Buffer {
  if (sealed.length < MAGIC.length + IV + TAG || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw notSealed();
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(MAGIC.length, MAGIC.length + IV));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([decipher.update(sealed.subarray(MAGIC.length + IV, sealed.length - TAG)), decipher.final()]);
}
