/**
 * "Forgot password" answers the same for an e-mail that exists and one that does not: the token
 * and the mail are made after the answer, so neither their time nor their failure shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tombo/shared';
import type { Mail } from '../../server/src/mail/mailer';
import { startTestServer, type TestServer } from '../support/harness';
import { newTenant, type TestTenant } from '../support/factories';

let s: TestServer;
/** Own municipality: the people whose passwords are forgotten. */
let A: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

async function forgot(email: string) {
  const res = await fetch(`${s.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** The mails (outbox files) addressed to `to` once `count` of them are fully written, waited for up to `ms`. */
async function mailsTo(to: string, count: number, ms = 5000): Promise<string[]> {
  const outbox = path.join(s.ctx.config.dataDir, 'outbox');
  const read = () =>
    (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${to}.txt`)) : []).map((f) =>
      fs.readFileSync(path.join(outbox, f), 'utf8'),
    );
  const done = (mails: string[]) => mails.filter((m) => m.includes('/redefinir-senha/')).length >= count;
  for (const end = Date.now() + ms; !done(read()) && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
  return read();
}

describe('forgot password', () => {
  it('answers a known and an unknown e-mail identically, and mails the known one after answering', async () => {
    const known = await forgot(A.users.usuario.email);
    const unknown = await forgot('ninguem.mesmo@exemplo.gov.br');
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body)).toEqual({ message: MSG.auth.forgotSent });
    expect(unknown).toEqual(known);
    const mails = await mailsTo(A.users.usuario.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/\/redefinir-senha\/[\w-]{20,}/);
  });

  it('answers the same when the mail cannot be sent (the failure is only logged)', async () => {
    const mailer = s.ctx.mailer;
    const send = mailer.send;
    let attempted!: (mail: Mail) => void;
    const attempt = new Promise<Mail>((resolve) => (attempted = resolve));
    mailer.send = async (mail) => {
      attempted(mail);
      throw new Error('SMTP fora do ar');
    };
    try {
      const known = await forgot(A.users.visualizador.email);
      const unknown = await forgot('outro.ninguem@exemplo.gov.br');
      expect(known.status).toBe(200);
      expect(unknown).toEqual(known);
      const bound = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no mail attempted')), 5000));
      expect((await Promise.race([attempt, bound])).to).toBe(A.users.visualizador.email);
    } finally {
      mailer.send = send;
    }
  });
});
