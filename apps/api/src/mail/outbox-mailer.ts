/**
 * Without an SMTP server, account e-mails are written to the outbox folder (DATA_DIR/outbox), one
 * RFC 822 message per file, `<time>-<id>.eml`, which any mail program opens; the link of each is
 * written to the console, so that whoever runs the server can follow it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { writeFileAtomically } from '@catchment/files';
import { nodemailerMessage, type MailMessage, type Mailer, type SentMail } from './mailer.js';

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  // nodemailer builds the message (headers, encodings, multipart/alternative) and hands it back.
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(
    readonly directory: string,
    private readonly from: string,
    private readonly log: (message: string) => void = () => {},
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.composer.sendMail(nodemailerMessage(this.from, message));
    await mkdir(this.directory, { recursive: true });
    // Sorted by time in a listing; the random part keeps messages of the same millisecond apart.
    const file = path.join(this.directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    // A Buffer, as buffer: true asks (a stream otherwise).
    await writeFileAtomically(file, info.message as Buffer);
    this.log(`E-mail to ${message.to}, "${message.subject}"${message.link ? `: ${message.link}` : ''} (${file})`);
    return { messageId: info.messageId, file };
  }

  async close(): Promise<void> {}
}
