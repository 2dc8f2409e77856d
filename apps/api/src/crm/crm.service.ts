/**
 * The rules of CRM connections (SPEC §6, §7 CRM): who may connect (plans granting `crm`), the
 * OAuth flow (authorize URL, code exchanged, the HubSpot account it grants), a connection's state
 * (expired once HubSpot refuses its refresh token), and the remote lists, properties and samples
 * read through the connection's tokens, refreshed as needed; the lists synchronised as datasets
 * (added within the plan's pins, synchronised by the crm-sync job: sync/).
 */
import {
  cheapestPlanGranting, CRM_TYPES, DomainError, FEATURES, featureGranted, type CrmConnectionView, type CrmPropertyView, type CrmRemoteListPage,
  type CrmRemoteListView, type CrmSampleView, type CrmTypeView, type CrmSynchronizedListView, type CrmSynchronizeListBody, type CrmType, type Access,
} from '@catchment/domain';
import type { HubSpotAppSettings } from '../config.js';
import type { DatasetsRepository, MapDatasetsTouched } from '../datasets/datasets.repository.js';
import { assertPins } from '../datasets/dataset-pins.js';
import { notPlacedCsv } from '../datasets/import/not-placed-report.js';
import type { PlanAccess } from '../plans/plan-access.js';
import { connectionView, type CrmConnectionsRepository } from './crm-connections.repository.js';
import { synchronizedListView, type CrmSynchronizedListsRepository, type SynchronizedListRow } from './crm-synchronized-lists.repository.js';
import { datasetColumns, type ConnectionCalls } from './sync/crm-sync.js';
import { HUBSPOT_OBJECT_TYPES, HubSpotClient, type HubSpotObjectType, type HubSpotTokens } from './hubspot/hubspot-client.js';
import { HubSpotSession } from './hubspot/hubspot-session.js';
import { TokenCipher } from './token-cipher.js';

export interface CrmSyncDependencies {
  lists: CrmSynchronizedListsRepository;
  datasets: DatasetsRepository;
  /** Queues a synchronisation of the list (the crm-sync job). */
  startSync: (synchronizedListId: number) => Promise<void>;
  /** Tells the maps showing a deleted dataset (their list-sync). */
  announce: (maps: MapDatasetsTouched[]) => void;
}

export class CrmService {
  private readonly hubspot: { client: HubSpotClient; cipher: TokenCipher } | undefined;

  constructor(
    private readonly connections: CrmConnectionsRepository,
    private readonly plans: PlanAccess,
    settings: HubSpotAppSettings | undefined,
    private readonly sync: CrmSyncDependencies,
  ) {
    this.hubspot = settings && { client: new HubSpotClient(settings), cipher: new TokenCipher(settings.clientSecret) };
  }

  /** The CRMs and whether each can be connected on this server (its app credentials set); the same for every account. */
  types(): CrmTypeView[] {
    return CRM_TYPES.map((type) => ({ type, configured: type === 'hubspot' && this.hubspot !== undefined }));
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
    const { session, client } = await this.connection(clientId, id);
    const found = await session.call((token) => client.searchLists(token, search, (page - 1) * limit, limit));
    const lists: CrmRemoteListView[] = found.lists.map((list) => ({
      id: list.listId, name: list.name, objectType: objectTypeOf(list.objectTypeId) ?? null, size: list.size ?? null,
    }));
    return { lists, total: found.total, page, limit, hasMore: found.hasMore };
  }

  /** The properties of the records a list holds. */
  async properties(clientId: number, id: number, listId: string): Promise<CrmPropertyView[]> {
    const { session, client } = await this.connection(clientId, id);
    const objectType = await this.listObjectType(session, client, listId);
    const properties = await session.call((token) => client.properties(token, objectType));
    return properties.filter((property) => !property.hidden)
      .map((property) => ({ name: property.name, label: property.label, type: property.type, group: property.groupName ?? null }));
  }

  /** The list's first records with the named properties (the stepper's preview of the chosen address and properties). */
  async samples(clientId: number, id: number, listId: string, properties: string[], limit: number): Promise<CrmSampleView[]> {
    const { session, client } = await this.connection(clientId, id);
    const objectType = await this.listObjectType(session, client, listId);
    const members = await session.call((token) => client.memberships(token, listId, undefined, limit));
    const records = await session.call((token) => client.readRecords(token, objectType, members.recordIds, properties));
    return records.map((record) => ({ id: record.id, properties: Object.fromEntries(properties.map((name) => [name, record.properties[name] ?? null])) }));
  }

  /**
   * A remote list synchronised as a new dataset (source hubspot): its properties checked, the
   * plan's pins checked against the list's size under the account's lock, the first
   * synchronisation queued. 201 with the list 'active'.
   */
  async synchronizeList(clientId: number, connectionId: number, body: CrmSynchronizeListBody): Promise<CrmSynchronizedListView> {
    const { session, client, access } = await this.connection(clientId, connectionId);
    if ((await this.sync.lists.ofConnection(connectionId)).some((list) => list.remote_list_id === body.listId)) {
      throw new DomainError('conflict', { details: { reason: 'list already synchronised', listId: body.listId } });
    }
    const remote = await session.call((token) => client.list(token, body.listId));
    const objectType = synchronisable(remote.objectTypeId);
    const known = new Set((await session.call((token) => client.properties(token, objectType))).map((property) => property.name));
    const unknown = [...body.properties, ...Object.values(body.address)].filter((name) => name && !known.has(name));
    if (unknown.length > 0) throw new DomainError('unprocessable', { details: { unknownProperties: [...new Set(unknown)] } });
    if (body.operationColumn && !body.properties.includes(body.operationColumn)) throw new DomainError('datasetColumnUnknown', { details: { column: body.operationColumn } });
    const address = Object.fromEntries(Object.entries(body.address).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const columns = datasetColumns({ synchronized_properties: body.properties, address_properties: address });
    const size = remote.size ?? 0;
    const dataset = await this.sync.datasets.withAccountLocked(clientId, async (datasets) => {
      assertPins(access.plan, await datasets.pinsUsed(clientId), size, 'crmDataLimitReached', access.pins);
      const color = await datasets.nextColor(clientId);
      return datasets.create({ clientId, name: body.name ?? remote.name, color, source: 'hubspot', columns, operationColumn: body.operationColumn ?? null, rowCount: size });
    });
    const created = await this.sync.lists.create({
      connectionId, remoteListId: body.listId, name: remote.name, objectType, address, properties: body.properties, datasetId: dataset.id,
    });
    if (!created) {
      // The same list added twice at once: the other one stands.
      await this.sync.datasets.remove(clientId, dataset.id);
      throw new DomainError('conflict', { details: { reason: 'list already synchronised', listId: body.listId } });
    }
    await this.sync.startSync(created.id);
    return synchronizedListView(created);
  }

  /** The connection's synchronised lists with their SPEC §4 status. */
  async synchronizedLists(clientId: number, connectionId: number): Promise<CrmSynchronizedListView[]> {
    await this.owned(clientId, connectionId);
    return (await this.sync.lists.ofConnection(connectionId)).map(synchronizedListView);
  }

  /** Synchronises the connection's lists again now (those not already under way), or only the one of id `listId`. */
  async synchronizeAll(clientId: number, connectionId: number, listId?: number): Promise<CrmSynchronizedListView[]> {
    await this.connection(clientId, connectionId);
    const lists = (await this.sync.lists.ofConnection(connectionId)).filter((list) => listId === undefined || list.id === listId);
    if (listId !== undefined && lists.length === 0) throw new DomainError('crmListNotFound');
    for (const list of lists.filter((candidate) => candidate.status !== 'active')) {
      await this.sync.lists.markActive(list.id);
      await this.sync.startSync(list.id);
    }
    return (await this.sync.lists.ofConnection(connectionId)).map(synchronizedListView);
  }

  /** The records the last synchronisation could not place, as CSV. */
  async report(clientId: number, connectionId: number, listId: number): Promise<{ name: string; csv: string }> {
    const list = await this.ownedList(clientId, connectionId, listId);
    const dataset = await this.sync.datasets.findById(list.dataset_id);
    if (!dataset) throw new DomainError('datasetNotFound');
    return { name: dataset.name, csv: notPlacedCsv(dataset.columns, await this.sync.datasets.notPlaced(dataset.id)) };
  }

  /** Stops synchronising a list and deletes its dataset (off the maps showing it). */
  async removeList(clientId: number, connectionId: number, listId: number): Promise<void> {
    const list = await this.ownedList(clientId, connectionId, listId);
    const maps = await this.sync.datasets.remove(clientId, list.dataset_id);
    if (maps) this.sync.announce(maps);
  }

  private async ownedList(clientId: number, connectionId: number, listId: number): Promise<SynchronizedListRow> {
    await this.owned(clientId, connectionId);
    const list = await this.sync.lists.find(connectionId, listId);
    if (!list) throw new DomainError('crmListNotFound');
    return list;
  }

  private async listObjectType(session: ConnectionCalls, client: HubSpotClient, listId: string): Promise<HubSpotObjectType> {
    const list = await session.call((token) => client.list(token, listId));
    return synchronisable(list.objectTypeId);
  }

  /** The connection's calls with valid tokens; an expired connection, or one HubSpot stops accepting, is crmConnectionExpired. */
  async connection(clientId: number, id: number): Promise<{ session: ConnectionCalls; client: HubSpotClient; access: Access }> {
    const access = await this.requireAllowed(clientId);
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
    return { session, client, access };
  }

  private async owned(clientId: number, id: number) {
    const connection = await this.connections.find(clientId, id);
    if (!connection) throw new DomainError('crmConnectionNotFound');
    return connection;
  }

  /** SPEC §6 'You are not allowed to connect a CRM': the plan must grant `crm`. */
  private async requireAllowed(clientId: number): Promise<Access> {
    const access = await this.plans.of(clientId);
    if (!featureGranted(access.features, FEATURES.crm)) {
      throw new DomainError('crmNotAllowed', { details: { feature: FEATURES.crm, plan: cheapestPlanGranting(FEATURES.crm) } });
    }
    return access;
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

/** The records of a list we synchronise (contacts, companies); 422 for other objects. */
function synchronisable(objectTypeId: string): HubSpotObjectType {
  const objectType = objectTypeOf(objectTypeId);
  if (!objectType) throw new DomainError('unprocessable', { details: { reason: 'only lists of contacts or companies are synchronised', objectTypeId } });
  return objectType;
}
