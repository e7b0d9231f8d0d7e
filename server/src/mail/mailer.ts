import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { logger } from '../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the message goes to DATA_DIR/outbox (dev) and the log says only that
 * it was written: never its body, whose reset and invitation links are as good as a password.
 */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      await fs.promises.mkdir(outbox, { recursive: true });
      const name = `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`;
      await fs.promises.writeFile(
        path.join(outbox, name),
        `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`,
      );
      logger.info({ to: mail.to, subject: mail.subject }, `e-mail para ${mail.to} gravado em outbox/${name}`);
    },
  };
}
