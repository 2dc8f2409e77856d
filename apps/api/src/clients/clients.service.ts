/** Accounts: sign-up, whether an email has one, and what a client may do with its own session. */
import { DomainError, type Locale, type SessionBody, type SignupBody } from '@catchment/domain';
import type { AccountsService } from '../accounts/accounts.service.js';
import { hashPassword } from '../auth/passwords.js';
import type { ActiveSession, SessionsRepository } from '../auth/sessions.repository.js';
import { assertOwnAccount } from '../auth/session.plugin.js';
import type { ClientRow, ClientsRepository } from './clients.repository.js';

export class ClientsService {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsService,
  ) {}

  /**
   * A new account, sent the link that verifies its address; ALREADY_SIGNED_UP when the email has
   * one (the unique index decides, race-free), a validation error for a weak password.
   */
  async signUp(body: SignupBody, locale: Locale): Promise<ClientRow> {
    await this.accounts.requireStrongPassword(body.password, body);
    const created = await this.clients.create({ ...body, passwordHash: await hashPassword(body.password) });
    if (!created) throw new DomainError('alreadySignedUp');
    await this.accounts.sendVerification(created, locale);
    return created;
  }

  async emailHasAccount(email: string): Promise<boolean> {
    return (await this.clients.findByEmail(email)) !== undefined;
  }

  /** Only the client itself may act on /Clients/{id}/...: FORBIDDEN for anyone else. */
  requireSelf(session: ActiveSession, clientId: number): void {
    assertOwnAccount(session.clientId, clientId);
  }

  /** Notes the browser's fingerprint and approximate location on the client's current session. */
  async describeSession(session: ActiveSession, clientId: number, description: SessionBody): Promise<void> {
    this.requireSelf(session, clientId);
    await this.sessions.describe(session.id, description);
  }
}
