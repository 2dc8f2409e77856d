/**
 * The rules of CRM connections (SPEC §6, §7 CRM): who may connect (plans granting `crm`), the
 * OAuth flow (authorize URL, code exchanged, the HubSpot account it grants), a connection's state
 * (expired once HubSpot refuses its refresh token), and the remote lists, properties and samples
 * read through the connection's tokens, refreshed as needed.
 */
import {
  cheapestPlanGranting, DomainError, FEATURES, featureGranted, type CrmConnectionView, type CrmPropertyView, type CrmRemoteListPage, type CrmRemoteListView, type CrmSampleView, type CrmType,
} from '@catchment/domain';
import type { HubSpotAppSettings } from '../config.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { connectionView, type CrmConnectionsRepository } from './crm-connections.repository.js';
import { HUBSPOT_OBJECT_TYPES, HubSpotClient, type HubSpotObjectType, type HubSpotTokens } from './hubspot/hubspot-client.js';
import { HubSpotSession } from './hubspot/hubspot-session.js';
import { TokenCipher } from './token-cipher.js';

/** Calls made with a connection's tokens. */
interface ConnectionCalls {
  call<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export class CrmService {
  private readonly hubspot: { client: HubSpotClient; cipher: TokenCipher } | undefined;

  constructor(
    private readonly connections: CrmConnectionsRepository,
    private readonly plans: PlanAccess,
    settings: HubSpotAppSettings | undefined,
  ) {
    this.hubspot = settings && { client: new HubSpotClient(settings), cipher: new TokenCipher(settings.clientSecret) };
  }

  /** Where to send the user to connect a CRM of `type`. */
  async authorizeUrl(clientId: number, type: CrmType, redirectUri: string, state: string): Promise<string> {
    await this.requireAllowed(clientId);
    return this.app(type).client.authorizeUrl(redirectUri, state);
  }

  /** The connection for the code the CRM sent back (a new one, or the same CRM account's renewed). */
  async create(clientId: number, type: CrmType, code: string, redirectUri: string): Promise<CrmConnectionView> {
    await this.requireAllowed(clientId);
    const { client, cipher } = this.app(type);
    const tokens = await client.exchangeCode(code, redirectUri);
    const hubId = await client.hubIdOf(tokens.accessToken);
    return this.connections.save(clientId, type, String(hubId), seal(cipher, tokens));
  }

  async list(clientId: number): Promise<CrmConnectionView[]> {
    return (await this.connections.list(clientId)).map(connectionView);
  }

  /** Where to send the user to reconnect an (expired) connection. */
  async reconnectUrl(clientId: number, id: number, redirectUri: string, state: string): Promise<string> {
    await this.requireAllowed(clientId);
    const connection = await this.owned(clientId, id);
    return this.app(connection.type).client.authorizeUrl(redirectUri, state);
  }

  /** A reconnection's code: new tokens for the connection, which must be to the same CRM account. */
  async reconnect(clientId: number, id: number, code: string, redirectUri: string): Promise<CrmConnectionView> {
    await this.requireAllowed(clientId);
    const connection = await this.owned(clientId, id);
    const { client, cipher } = this.app(connection.type);
    const tokens = await client.exchangeCode(code, redirectUri);
    const hubId = String(await client.hubIdOf(tokens.accessToken));
    if (hubId !== connection.remote_account_id) {
      throw new DomainError('crmCannotConnect', { details: { reason: 'another CRM account', expected: connection.remote_account_id, granted: hubId } });
    }
    await this.connections.saveTokens(id, seal(cipher, tokens));
    return connectionView((await this.connections.find(clientId, id))!);
  }

  async remove(clientId: number, id: number): Promise<void> {
    if (!(await this.connections.remove(clientId, id))) throw new DomainError('crmConnectionNotFound');
  }

  /** A page of the CRM's lists whose name contains `search`. */
  async remoteLists(clientId: number, id: number, search: string, page: number, limit: number): Promise<CrmRemoteListPage> {
    const { session, client } = await this.session(clientId, id);
    const found = await session.call((token) => client.searchLists(token, search, (page - 1) * limit, limit));
    const lists: CrmRemoteListView[] = found.lists.map((list) => ({
      id: list.listId, name: list.name, objectType: objectTypeOf(list.objectTypeId) ?? null, size: list.size ?? null,
    }));
    return { lists, total: found.total, page, limit, hasMore: found.hasMore };
  }

  /** The properties of the records a list holds. */
  async properties(clientId: number, id: number, listId: string): Promise<CrmPropertyView[]> {
    const { session, client } = await this.session(clientId, id);
    const objectType = await this.listObjectType(session, client, listId);
    const properties = await session.call((token) => client.properties(token, objectType));
    return properties.filter((property) => !property.hidden)
      .map((property) => ({ name: property.name, label: property.label, type: property.type, group: property.groupName ?? null }));
  }

  /** The list's first records with the named properties (the stepper's preview of the chosen address and properties). */
  async samples(clientId: number, id: number, listId: string, properties: string[], limit: number): Promise<CrmSampleView[]> {
    const { session, client } = await this.session(clientId, id);
    const objectType = await this.listObjectType(session, client, listId);
    const members = await session.call((token) => client.memberships(token, listId, undefined, limit));
    const records = await session.call((token) => client.readRecords(token, objectType, members.recordIds, properties));
    return records.map((record) => ({ id: record.id, properties: Object.fromEntries(properties.map((name) => [name, record.properties[name] ?? null])) }));
  }

  private async listObjectType(session: ConnectionCalls, client: HubSpotClient, listId: string): Promise<HubSpotObjectType> {
    const list = await session.call((token) => client.list(token, listId));
    const objectType = objectTypeOf(list.objectTypeId);
    if (!objectType) throw new DomainError('unprocessable', { details: { reason: 'only lists of contacts or companies are synchronised', objectTypeId: list.objectTypeId } });
    return objectType;
  }

  /** The connection's calls with valid tokens; an expired connection, or one HubSpot stops accepting, is crmConnectionExpired. */
  private async session(clientId: number, id: number): Promise<{ session: ConnectionCalls; client: HubSpotClient }> {
    await this.requireAllowed(clientId);
    const connection = await this.owned(clientId, id);
    const { client, cipher } = this.app(connection.type);
    if (connection.state === 'expired') throw new DomainError('crmConnectionExpired');
    const sealed = await this.connections.tokensOf(id);
    const accessToken = sealed && cipher.open(sealed.accessToken);
    const refreshToken = sealed && cipher.open(sealed.refreshToken);
    if (!sealed || accessToken === undefined || refreshToken === undefined) {
      await this.connections.markExpired(id);
      throw new DomainError('crmConnectionExpired');
    }
    const inner = new HubSpotSession(client, { accessToken, refreshToken, expiresAt: sealed.expiresAt }, (tokens) => this.connections.saveTokens(id, seal(cipher, tokens)));
    const session: ConnectionCalls = {
      call: async <T>(call: (token: string) => Promise<T>): Promise<T> => {
        try {
          return await inner.call(call);
        } catch (error) {
          if (error instanceof DomainError && error.kind === 'crmConnectionExpired') await this.connections.markExpired(id);
          throw error;
        }
      },
    };
    return { session, client };
  }

  private async owned(clientId: number, id: number) {
    const connection = await this.connections.find(clientId, id);
    if (!connection) throw new DomainError('crmConnectionNotFound');
    return connection;
  }

  /** SPEC §6 'You are not allowed to connect a CRM': the plan must grant `crm`. */
  private async requireAllowed(clientId: number): Promise<void> {
    const access = await this.plans.of(clientId);
    if (!featureGranted(access.features, FEATURES.crm)) {
      throw new DomainError('crmNotAllowed', { details: { feature: FEATURES.crm, plan: cheapestPlanGranting(FEATURES.crm) } });
    }
  }

  /** The CRM app of `type`; without its credentials nobody can connect (the operator is told how to set them). */
  private app(type: CrmType): { client: HubSpotClient; cipher: TokenCipher } {
    if (type !== 'hubspot' || !this.hubspot) {
      throw new DomainError('crmCannotConnect', { details: { reason: 'not configured' }, operatorHint: 'Set HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET (docs/operations.md)' });
    }
    return this.hubspot;
  }
}

function seal(cipher: TokenCipher, tokens: HubSpotTokens) {
  return { accessToken: cipher.seal(tokens.accessToken), refreshToken: cipher.seal(tokens.refreshToken), expiresAt: tokens.expiresAt };
}

function objectTypeOf(objectTypeId: string): HubSpotObjectType | undefined {
  return (HUBSPOT_OBJECT_TYPES as Record<string, HubSpotObjectType>)[objectTypeId];
}
