/** Mail through nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
import { mkdirSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The transport, made on the first mail: nodemailer is not loaded at start (issue 33). */
function lazyTransport(make: (nodemailer: typeof import('nodemailer')) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(make);
    return transport;
  };
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail });
      },
    };
  }
  mkdirSync(options.outboxDir, { recursive: true });
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeRecipient = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // Written under a temporary name, then renamed: whoever reads the outbox (a mail pickup, the
      // tests) never sees half a mail under its final name.
      const finalPath = path.join(options.outboxDir, `${stamp}-${safeRecipient}.eml`);
      const partialPath = `${finalPath}.partial`;
      await writeFile(partialPath, info.message as Buffer);
      await rename(partialPath, finalPath);
    },
  };
}
