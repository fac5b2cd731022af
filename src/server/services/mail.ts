/** Mail through nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  mkdirSync(options.outboxDir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeRecipient = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(path.join(options.outboxDir, `${stamp}-${safeRecipient}.eml`), info.message as Buffer);
    },
  };
}
