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

/** SMTP when SMTP_URL is set; otherwise the message goes to the log and to DATA_DIR/outbox (dev). */
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
      const file = path.join(outbox, `${Date.now()}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`);
      await fs.promises.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      logger.info({ to: mail.to, subject: mail.subject, file }, `e-mail (sem SMTP):\n${mail.text}`);
    },
  };
}
