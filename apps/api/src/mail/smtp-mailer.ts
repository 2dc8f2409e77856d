/** Account e-mails through the operator's SMTP server (SMTP_URL, a nodemailer connection URL). */
import nodemailer, { type Transporter } from 'nodemailer';
import { nodemailerMessage, type MailMessage, type Mailer, type SentMail } from './mailer.js';

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  /** `url`: smtp://user:password@host:587 (STARTTLS when the server offers it), smtps://… for TLS from the start. */
  constructor(url: string, private readonly from: string) {
    // A pool: a burst of sign-ups reuses a few connections instead of opening one per message.
    this.transport = nodemailer.createTransport(withPool(url));
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(nodemailerMessage(this.from, message));
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** The URL with pool=true unless it says otherwise. */
function withPool(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  return parsed.toString();
}
