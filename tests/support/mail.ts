import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from '../../server/src/server';

/**
 * The mails (DATA_DIR/outbox files: the mailer's transport without SMTP) addressed to `to` whose text matches
 * `pattern`, once `count` of them are written, waited for up to `ms`; oldest first.
 */
export async function mailsTo(
  s: Pick<RunningServer, 'ctx'>,
  to: string,
  pattern: RegExp,
  count = 1,
  ms = 5000,
): Promise<string[]> {
  const outbox = path.join(s.ctx.config.dataDir, 'outbox');
  const file = `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`; // as the mailer names it
  const read = () =>
    (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(file)) : [])
      .sort()
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => pattern.test(m));
  for (const end = Date.now() + ms; read().length < count && Date.now() < end;)
    await new Promise((r) => setTimeout(r, 20));
  return read();
}

/** The token of the newest "Criar sua senha" link mailed to `to` (after `count` such mails). */
export async function invitationTokenTo(s: Pick<RunningServer, 'ctx'>, to: string, count = 1): Promise<string> {
  const mails = await mailsTo(s, to, /\/criar-senha\//, count);
  if (mails.length < count) throw new Error(`no invitation mail #${count} to ${to}`);
  return /\/criar-senha\/([\w-]+)/.exec(mails.at(-1)!)![1];
}
