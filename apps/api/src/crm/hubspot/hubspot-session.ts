/**
 * A connection's calls with a valid access token: refreshed first when it expires within a minute,
 * and once more when HubSpot answers 401 anyway (revoked early, clocks apart). New tokens are handed
 * to `saveTokens` before the call goes on (HubSpot may void the old refresh token). A refresh HubSpot
 * refuses throws crmConnectionExpired: the user must connect again.
 */
import { DomainError } from '@catchment/domain';
import type { HubSpotClient, HubSpotTokens } from './hubspot-client.js';

const REFRESH_MARGIN_MS = 60_000;

export class HubSpotSession {
  private refreshing: Promise<HubSpotTokens> | undefined;

  constructor(
    private readonly client: HubSpotClient,
    private tokens: HubSpotTokens,
    private readonly saveTokens: (tokens: HubSpotTokens) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `call` with an access token, refreshing it when needed. */
  async call<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    if (this.tokens.expiresAt.getTime() - REFRESH_MARGIN_MS <= this.now()) await this.refresh();
    try {
      return await call(this.tokens.accessToken);
    } catch (error) {
      if (!isExpiredAccessToken(error)) throw error;
      await this.refresh();
      return call(this.tokens.accessToken);
    }
  }

  /** One refresh at a time, shared by the calls that asked for it together. */
  private async refresh(): Promise<void> {
    this.refreshing ??= this.client.refresh(this.tokens.refreshToken).then(async (tokens) => {
      await this.saveTokens(tokens);
      this.tokens = tokens;
      return tokens;
    }).finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
  }
}

function isExpiredAccessToken(error: unknown): boolean {
  return error instanceof DomainError && error.kind === 'crmConnectionExpired' && (error.details as { token?: string } | undefined)?.token === 'access';
}
