/**
 * The account lifecycle after sign-up: verifying the address, forgotten and changed passwords, the
 * e-mail change (password typed again, then a link to the new address), the profile, and ending
 * every session. Links are single-use tokens (accounts.repository.ts) whose lifetimes are in
 * packages/domain accounts/account-limits.ts; the e-mails leave in the background (account-mails.ts).
 */
import {
  DomainError, PASSWORD_CONFIRMATION_TTL_SECONDS, RequestValidationError, normaliseVat,
  type Locale, type PasswordStrength, type PasswordUserInputs, type UpdateClientInfoBody,
} from '@catchment/domain';
import type { ClientRow, ClientsRepository } from '../clients/clients.repository.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { LoginOrigin } from '../auth/auth.service.js';
import type { ActiveSession, SessionsRepository } from '../auth/sessions.repository.js';
import type { AccountMails } from './account-mails.js';
import type { AccountToken, AccountsRepository, ProfileChanges } from './accounts.repository.js';

/** Reset links one account may be sent in an hour; more requests are answered alike but send nothing (no mail bombing). */
export const RESET_LINKS_PER_HOUR = 5;

export type EstimatePasswordStrength = (password: string, inputs: PasswordUserInputs) => Promise<PasswordStrength>;

export interface AccountsServiceDependencies {
  clients: ClientsRepository;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  mails: AccountMails;
  /** The strength estimate (run in the compute threads: it can take a second of CPU). */
  passwordStrength: EstimatePasswordStrength;
  /** The log-in's throttle of wrong passwords, which also counts the current password typed here. */
  loginThrottle: LoginThrottle;
}

const inputsOf = (client: ClientRow): PasswordUserInputs =>
  ({ email: client.email, firstName: client.first_name, lastName: client.last_name, company: client.company });
const recipient = (client: ClientRow) => ({ email: client.email, firstName: client.first_name });

export class AccountsService {
  constructor(private readonly deps: AccountsServiceDependencies) {}

  /** Refuses a weak password (400 on body.password, or the field named) before anything changes. */
  async requireStrongPassword(password: string, inputs: PasswordUserInputs, field = 'password'): Promise<void> {
    if ((await this.deps.passwordStrength(password, inputs)) !== 'weak') return;
    throw new RequestValidationError([{ code: 'custom', input: undefined, path: [field], message: 'validation.passwordTooWeak' }], 'body');
  }

  /** Sends a new account its verification link. */
  async sendVerification(client: ClientRow, locale: Locale): Promise<void> {
    const token = await this.deps.accounts.issue(client.id, 'verify_email', { supersede: false });
    this.deps.mails.verifyEmail(recipient(client), token, locale);
  }

  /** Sends the link again; EMAIL_ALREADY_VERIFIED once the address is verified. */
  async resendVerification(clientId: number, locale: Locale): Promise<void> {
    const client = await this.client(clientId);
    if (client.email_verified_at) throw new DomainError('emailAlreadyVerified');
    await this.sendVerification(client, locale);
  }

  /** The verification link opened: the account, now verified. */
  async verifyEmail(token: string): Promise<ClientRow> {
    const found = await this.deps.accounts.find(token, 'verify_email');
    if (!found) throw new DomainError('tokenInvalid');
    const client = await this.deps.clients.findById(found.clientId);
    if (!client) throw new DomainError('tokenInvalid');
    // A link opened again, or after the address was verified another way: the user only needs to know it is done.
    if (client.email_verified_at) throw new DomainError('emailAlreadyVerified');
    this.requireUsable(found);
    const verified = await this.deps.accounts.verifyEmail(found.id, client.id);
    if (!verified) throw new DomainError('tokenInvalid');
    return verified;
  }

  /**
   * Sends a reset link if the address has an account. Everything happens after the answer (as the
   * send does), so that neither the answer nor its timing tells whether the address has an account.
   */
  requestPasswordReset(email: string, locale: Locale): void {
    this.deps.mails.later('send a password reset link', async () => {
      const client = await this.deps.clients.findByEmail(email);
      if (!client) return;
      if ((await this.deps.accounts.countIssuedSince(client.id, 'reset_password', 3_600)) >= RESET_LINKS_PER_HOUR) return;
      const token = await this.deps.accounts.issue(client.id, 'reset_password', { supersede: true });
      this.deps.mails.resetPassword(recipient(client), token, locale);
    });
  }

  /** The reset link's new password: set, and every session of the account ended. */
  async resetPassword(token: string, password: string): Promise<void> {
    const found = await this.deps.accounts.find(token, 'reset_password');
    if (!found) throw new DomainError('tokenInvalid');
    this.requireUsable(found);
    const client = await this.deps.clients.findById(found.clientId);
    if (!client) throw new DomainError('tokenInvalid');
    await this.requireStrongPassword(password, inputsOf(client));
    if (!(await this.deps.accounts.resetPassword(found.id, client.id, await hashPassword(password)))) throw new DomainError('tokenInvalid');
  }

  /** A logged-in user's new password; their other sessions end (this one stays). */
  async changePassword(session: ActiveSession, currentPassword: string, password: string, origin: LoginOrigin): Promise<void> {
    const client = await this.checkCurrentPassword(session.clientId, currentPassword, origin);
    await this.requireStrongPassword(password, inputsOf(client));
    await this.deps.accounts.changePassword(client.id, await hashPassword(password), session.id);
  }

  /** The password typed again: this session may change the e-mail for the next minutes. */
  async confirmPassword(session: ActiveSession, password: string, origin: LoginOrigin): Promise<void> {
    await this.checkCurrentPassword(session.clientId, password, origin);
    await this.deps.sessions.confirmPassword(session.id);
  }

  /** Sends the confirmation link to the new address; the account keeps its address until it is opened. */
  async requestEmailChange(session: ActiveSession, email: string, locale: Locale): Promise<void> {
    const confirmedAt = session.passwordConfirmedAt?.getTime() ?? 0;
    if (Date.now() - confirmedAt > PASSWORD_CONFIRMATION_TTL_SECONDS * 1000) throw new DomainError('passwordConfirmationRequired');
    const client = await this.client(session.clientId);
    if (client.email.toLowerCase() === email.toLowerCase()) {
      throw new RequestValidationError([{ code: 'custom', input: undefined, path: ['email'], message: 'validation.sameEmail' }], 'body');
    }
    if (await this.deps.accounts.emailTaken(email, client.id)) throw new DomainError('emailAlreadyUsed');
    const token = await this.deps.accounts.issue(client.id, 'change_email', { newEmail: email, supersede: true });
    this.deps.mails.changeEmail(recipient(client), email, token, locale);
  }

  /** The new address's link opened: the account moves to it (verified), and the former address is told. */
  async confirmEmailChange(token: string, locale: Locale): Promise<ClientRow> {
    const found = await this.deps.accounts.find(token, 'change_email');
    if (!found?.newEmail) throw new DomainError('tokenInvalid');
    this.requireUsable(found);
    const client = await this.client(found.clientId);
    if (await this.deps.accounts.emailTaken(found.newEmail, client.id)) throw new DomainError('emailAlreadyUsed');
    const changed = await this.deps.accounts.changeEmail(found.id, client.id, found.newEmail);
    if (changed === 'taken') throw new DomainError('emailAlreadyUsed');
    if (changed === 'spent') throw new DomainError('tokenInvalid');
    this.deps.mails.emailChanged(recipient(changed), client.email, changed.email, locale);
    return changed;
  }

  /**
   * The fields given change (an empty string clears an optional one); the VAT number is stored
   * normalised. Only the user may change their profile: FORBIDDEN for anyone else.
   */
  async updateProfile(session: ActiveSession, clientId: number, body: UpdateClientInfoBody): Promise<ClientRow> {
    if (session.clientId !== clientId) throw new DomainError('forbidden');
    const clearable = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);
    const changes: ProfileChanges = {
      first_name: body.firstName,
      last_name: body.lastName,
      phone: clearable(body.phone),
      company: clearable(body.company),
      company_sector: clearable(body.companySector),
      vat: body.vat === undefined ? undefined : body.vat === '' ? null : normaliseVat(body.vat),
      address_line1: clearable(body.addressLine1),
      address_line2: clearable(body.addressLine2),
      country: clearable(body.country),
      postal_code: clearable(body.postalCode),
      city: clearable(body.city),
    };
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as ProfileChanges;
    if (Object.keys(given).length === 0) return this.client(clientId);
    return this.deps.accounts.updateProfile(clientId, given);
  }

  /** Ends every session of the user, this one included. */
  async logOutEverywhere(clientId: number): Promise<void> {
    await this.deps.sessions.closeAllOf(clientId);
  }

  /**
   * The account, if `password` is its password: WRONG_CURRENT_PASSWORD if not. Counted by the
   * log-in's throttle, so that a stolen session cannot guess the password here faster than at the
   * log-in (TOO_MANY_LOGIN_ATTEMPTS once throttled).
   */
  private async checkCurrentPassword(clientId: number, password: string, origin: LoginOrigin): Promise<ClientRow> {
    const client = await this.client(clientId);
    const verdict = await this.deps.loginThrottle.attempt({ email: client.email, ...origin }, () => verifyPassword(client.password_hash, password));
    if (verdict.outcome === 'throttled') {
      throw new DomainError('tooManyLoginAttempts', {
        details: { minutes: Math.ceil(verdict.retryAfterSeconds / 60) }, retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    if (verdict.outcome === 'rejected') throw new DomainError('wrongCurrentPassword');
    return client;
  }

  private requireUsable(token: AccountToken): void {
    if (token.used) throw new DomainError('tokenInvalid');
    if (token.expired) throw new DomainError('tokenExpired');
  }

  private async client(clientId: number): Promise<ClientRow> {
    const client = await this.deps.clients.findById(clientId);
    if (!client) throw new DomainError('unauthorized');
    return client;
  }
}
