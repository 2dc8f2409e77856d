/**
 * Sends the account e-mails in the background: the request that asks for one answers at once,
 * whatever the mail server's speed, and its answer's timing says nothing of whether a message
 * left (forgotPassword must not tell which addresses have an account). A failed send is logged;
 * the user asks again. The server waits for the sends under way before it closes.
 */
import {
  ACCOUNT_TOKEN_TTL_SECONDS, type AccountTokenPurpose, type Locale,
} from '@catchment/domain';
import type { Mailer } from '../mail/mailer.js';
import { accountMailContent, type AccountMailKind, type AccountMailParams } from './account-mail-content.js';

export interface MailLog {
  error(details: object, message: string): void;
}

/** Whom a message is for: the account's current identity. */
export interface MailRecipient { email: string; firstName: string }

const hoursOf = (purpose: AccountTokenPurpose) => Math.round(ACCOUNT_TOKEN_TTL_SECONDS[purpose] / 3_600);

export class AccountMails {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly mailer: Mailer, private readonly publicUrl: string, private readonly log: MailLog) {}

  /** The sign-up's verification link (and the one sent again). */
  verifyEmail(to: MailRecipient, token: string, locale: Locale): void {
    const link = `${this.publicUrl}/app/verify-email?token=${encodeURIComponent(token)}`;
    this.send(to.email, 'verifyEmail', locale, { ...to, link, hours: hoursOf('verify_email') });
  }

  resetPassword(to: MailRecipient, token: string, locale: Locale): void {
    const link = `${this.publicUrl}/app/resetpassword?token=${encodeURIComponent(token)}`;
    this.send(to.email, 'resetPassword', locale, { ...to, link, hours: hoursOf('reset_password') });
  }

  /** The confirmation link, sent to the new address. */
  changeEmail(account: MailRecipient, newEmail: string, token: string, locale: Locale): void {
    const link = `${this.publicUrl}/app/verify-email?emailChange=${encodeURIComponent(token)}`;
    this.send(newEmail, 'changeEmail', locale, { ...account, newEmail, link, hours: hoursOf('change_email') });
  }

  /** Tells the former address that the account moved to another one (someone else may have done it). */
  emailChanged(account: MailRecipient, oldEmail: string, newEmail: string, locale: Locale): void {
    this.send(oldEmail, 'emailChanged', locale, { ...account, email: oldEmail, oldEmail, newEmail });
  }

  /** Resolves once every send started so far has ended (sent or failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Runs `work` after the request's answer, as the sends are (what leads to a send, when its timing must not show). */
  later(label: string, work: () => Promise<void>): void {
    const running = Promise.resolve().then(work)
      .catch((error: unknown) => { this.log.error({ err: error }, `could not ${label}`); })
      .finally(() => { this.pending.delete(running); });
    this.pending.add(running);
  }

  private send(to: string, kind: AccountMailKind, locale: Locale, params: AccountMailParams): void {
    const content = accountMailContent(kind, locale, params);
    this.later(`send the ${kind} e-mail`, async () => { await this.mailer.send({ to, ...content, locale, link: params.link }); });
  }
}
