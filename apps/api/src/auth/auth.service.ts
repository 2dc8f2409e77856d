/**
 * Logging in: who the credentials belong to, under the throttle of wrong passwords (login-throttle.ts).
 * The session itself (its cookie) is the HTTP layer's: session.plugin.ts.
 */
import { DomainError, type LoginBody } from '@catchment/domain';
import type { ClientRow, ClientsRepository } from '../clients/clients.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** Where an attempt comes from, as the throttle counts it (client-identity.ts). */
export interface LoginOrigin {
  /** The claimed client: the key of the per-client allowance. */
  client: string;
  /** The socket's address. */
  socket: string;
}

// Checked against when the email is unknown, so that it costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no account has this password'));

export class AuthService {
  constructor(private readonly clients: ClientsRepository, private readonly loginThrottle: LoginThrottle) {}

  /**
   * The client these credentials belong to. Throws INVALID_CREDENTIALS for an unknown email or a
   * wrong password alike (the answer does not tell which), TOO_MANY_LOGIN_ATTEMPTS once throttled.
   */
  async logIn(credentials: LoginBody, origin: LoginOrigin): Promise<ClientRow> {
    let client: ClientRow | undefined;
    const verdict = await this.loginThrottle.attempt({ email: credentials.email, ...origin }, async () => {
      client = await this.clients.findByEmail(credentials.email);
      const ok = await verifyPassword(client?.password_hash ?? (await getDummyHash()), credentials.password);
      return ok && client !== undefined;
    });
    if (verdict.outcome === 'throttled') {
      throw new DomainError('tooManyLoginAttempts', {
        details: { minutes: Math.ceil(verdict.retryAfterSeconds / 60) }, retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    if (verdict.outcome === 'rejected' || !client) throw new DomainError('invalidCredentials');
    return client;
  }

  /** The client of an open session; UNAUTHORIZED if it no longer exists. */
  async sessionClient(clientId: number): Promise<ClientRow> {
    const client = await this.clients.findById(clientId);
    if (!client) throw new DomainError('unauthorized');
    return client;
  }
}
