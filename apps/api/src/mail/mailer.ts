/**
 * Sending e-mail: through an SMTP server when SMTP_URL is set (smtp-mailer.ts), else into the
 * outbox folder as .eml files, each link also written to the console (outbox-mailer.ts), so that a
 * server without mail still lets its users verify, reset and confirm. Messages are built by
 * nodemailer either way: the outbox's files are the messages SMTP would have carried.
 */
import type { Locale } from '@catchment/domain';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's language (Content-Language). */
  locale: Locale;
  /** The link the message exists for; the outbox writes it to the console. */
  link?: string | undefined;
}

export interface SentMail {
  messageId: string;
  /** Where the outbox wrote the message. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  /** Closes the connections it keeps. */
  close(): Promise<void>;
}

/** The nodemailer fields of a message, the same for both ways of sending. */
export function nodemailerMessage(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'Content-Language': message.locale },
  };
}
