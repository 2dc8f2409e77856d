/**
 * A local HTTP server that answers as HubSpot's documentation says, for the tests of the HubSpot
 * client and of the CRM routes: OAuth (the authorize page's redirect, `POST /oauth/v1/token` with
 * single-use codes and refresh tokens, token metadata), CRM lists v3 (search paged by offset and
 * count, one list, memberships paged by the `after` cursor), properties and the objects' batch
 * read (at most 100 inputs, 207 with the ids it does not know), a record's update (PATCH), behind Bearer access tokens that
 * expire. Errors carry HubSpot's body { status: 'error', message, correlationId, category }. One route
 * is the tests' own, `POST /__emulator/revoke-refresh-tokens` (revokeRefreshTokens over HTTP).
 *
 * Its records are real addresses: the contacts are the 797 rows of the Bindlach–Heinersreuth
 * customer file (test-data/customers), so that a synchronised list can be geocoded; the named
 * places among them are also companies.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const CUSTOMERS_FILE = path.resolve(import.meta.dirname, '../../../../../../test-data/customers/addresses-bindlach-heinersreuth-osm.csv');

export const EMULATOR_CLIENT = { clientId: 'emulator-client-id', clientSecret: 'emulator-client-secret' };
export const EMULATOR_HUB_ID = 24_681_357;

/** One row of the customer file, as the contact HubSpot would hold. */
export interface EmulatedRecord {
  id: string;
  properties: Record<string, string>;
  /** The file's position of the address (to compare a geocoded sync with). */
  lon: number;
  lat: number;
}

export interface EmulatedList {
  listId: string;
  name: string;
  objectTypeId: '0-1' | '0-2';
  memberIds: string[];
}

interface IssuedToken {
  refreshToken: string;
  expiresAt: number;
  hubId: number;
}

export interface HubSpotEmulatorOptions {
  /** Lifetime of the access tokens the token endpoint gives (HubSpot: 1800 s). */
  accessTokenSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

export class HubSpotEmulator {
  readonly contacts: EmulatedRecord[];
  readonly companies: EmulatedRecord[];
  readonly lists: EmulatedList[];
  /** Every request answered, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly codes = new Map<string, { redirectUri: string; hubId: number }>();
  private readonly refreshHubs = new Map<string, number>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Set<string>();
  private readonly failures: { pathPrefix: string; status: number; retryAfterSeconds?: number }[] = [];
  private server: Server | undefined;
  private accessTokenSeconds: number;
  /** The HubSpot account the user grants access to next. */
  private hubId = EMULATOR_HUB_ID;

  constructor(options: HubSpotEmulatorOptions = {}) {
    this.accessTokenSeconds = options.accessTokenSeconds ?? 1800;
    ({ contacts: this.contacts, companies: this.companies } = seedRecords());
    this.lists = seedLists(this.contacts, this.companies);
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: Error) => send(response, 500, hubspotError('INTERNAL_ERROR', error.message)));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The settings a HubSpotClient needs to talk to this server. */
  settings() {
    return { ...EMULATOR_CLIENT, apiUrl: this.url, authUrl: `${this.url}/oauth/authorize` };
  }

  /** What HubSpot's authorize page does once the user grants access: a code for that redirect URI. */
  grant(redirectUri: string): string {
    const code = `code-${randomUUID()}`;
    this.codes.set(code, { redirectUri, hubId: this.hubId });
    return code;
  }

  /** Every access token given so far stops being accepted (their refresh tokens still work). */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = Date.now() - 1000;
  }

  /** Every refresh token stops being accepted (the user uninstalled the app). */
  revokeRefreshTokens(): void {
    this.refreshTokens.clear();
    this.expireAccessTokens();
  }

  /** The next `times` requests whose path starts with `pathPrefix` are answered `status` (429 with Retry-After). */
  failNext(pathPrefix: string, status: number, times = 1, retryAfterSeconds?: number): void {
    for (let i = 0; i < times; i += 1) this.failures.push({ pathPrefix, status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
  }

  /** The next grants are of another HubSpot account (a user logged in to another portal). */
  setHubId(hubId: number): void {
    this.hubId = hubId;
  }

  setAccessTokenSeconds(seconds: number): void {
    this.accessTokenSeconds = seconds;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://emulator');
    const method = request.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, query: url.searchParams });
    const failure = this.failures.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
    if (failure >= 0) {
      const { status, retryAfterSeconds } = this.failures.splice(failure, 1)[0]!;
      const headers: Record<string, string> = retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {};
      if (status === 429) return send(response, 429, { ...hubspotError('RATE_LIMITS', 'You have reached your secondly limit.'), errorType: 'RATE_LIMIT', policyName: 'SECONDLY' }, headers);
      return send(response, status, hubspotError('INTERNAL_ERROR', 'internal error'), headers);
    }
    const body = await readBody(request);

    // Not HubSpot's: what a user uninstalling the app does, for tests whose emulator runs in another process (the browser tests').
    if (method === 'POST' && url.pathname === '/__emulator/revoke-refresh-tokens') {
      this.revokeRefreshTokens();
      return void response.writeHead(204).end();
    }
    if (method === 'GET' && url.pathname === '/oauth/authorize') return this.authorizePage(url, response);
    if (method === 'POST' && url.pathname === '/oauth/v1/token') return this.token(new URLSearchParams(body), response);
    const metadata = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && metadata) {
      const token = this.accessTokens.get(decodeURIComponent(metadata[1]!));
      if (!token || token.expiresAt <= Date.now()) return send(response, 404, { status: 'error', message: 'The access token is invalid or expired', correlationId: randomUUID() });
      return send(response, 200, {
        token: decodeURIComponent(metadata[1]!), user: 'owner@bindlach.example', hub_domain: 'bindlach.example', scopes: ['crm.lists.read'],
        hub_id: token.hubId, app_id: 1234, expires_in: Math.round((token.expiresAt - Date.now()) / 1000), user_id: 42, token_type: 'access',
      });
    }

    if (!url.pathname.startsWith('/crm/v3/')) return send(response, 404, hubspotError('OBJECT_NOT_FOUND', `No route for ${method} ${url.pathname}`));
    const authorization = request.headers.authorization ?? '';
    const token = this.accessTokens.get(authorization.replace(/^Bearer /, ''));
    if (!token) return send(response, 401, hubspotError('INVALID_AUTHENTICATION', 'Authentication credentials not found.'));
    if (token.expiresAt <= Date.now()) {
      const ago = Math.max(1, Math.round((Date.now() - token.expiresAt) / 1000));
      return send(response, 401, hubspotError('EXPIRED_AUTHENTICATION', `The OAuth token used to make this call expired ${ago} second(s) ago.`));
    }
    return this.crm(method, url, body, response);
  }

  private authorizePage(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== EMULATOR_CLIENT.clientId || !redirectUri) return send(response, 400, hubspotError('VALIDATION_ERROR', 'unknown client_id or no redirect_uri'));
    const target = new URL(redirectUri);
    target.searchParams.set('code', this.grant(redirectUri));
    const state = url.searchParams.get('state');
    if (state !== null) target.searchParams.set('state', state);
    response.writeHead(302, { location: target.toString() }).end();
  }

  private token(form: URLSearchParams, response: ServerResponse): void {
    if (form.get('client_id') !== EMULATOR_CLIENT.clientId || form.get('client_secret') !== EMULATOR_CLIENT.clientSecret) {
      return send(response, 400, { status: 'BAD_CLIENT_ID', message: 'missing or invalid client_id or client_secret', correlationId: randomUUID() });
    }
    let hubId: number;
    if (form.get('grant_type') === 'authorization_code') {
      const code = form.get('code') ?? '';
      const granted = this.codes.get(code);
      if (!granted || granted.redirectUri !== form.get('redirect_uri')) {
        return send(response, 400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code', correlationId: randomUUID() });
      }
      this.codes.delete(code);
      hubId = granted.hubId;
    } else if (form.get('grant_type') === 'refresh_token') {
      if (!this.refreshTokens.has(form.get('refresh_token') ?? '')) {
        return send(response, 400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token', correlationId: randomUUID() });
      }
      hubId = this.refreshHubs.get(form.get('refresh_token')!)!;
    } else {
      return send(response, 400, { status: 'BAD_GRANT_TYPE', message: 'grant_type must be authorization_code or refresh_token', correlationId: randomUUID() });
    }
    // HubSpot keeps the refresh token across refreshes; a new grant gives a new one.
    const refreshToken = form.get('grant_type') === 'refresh_token' ? form.get('refresh_token')! : `refresh-${randomUUID()}`;
    const accessToken = `access-${randomUUID()}`;
    this.refreshTokens.add(refreshToken);
    this.refreshHubs.set(refreshToken, hubId);
    this.accessTokens.set(accessToken, { refreshToken, expiresAt: Date.now() + this.accessTokenSeconds * 1000, hubId });
    send(response, 200, { token_type: 'bearer', refresh_token: refreshToken, access_token: accessToken, expires_in: this.accessTokenSeconds });
  }

  private crm(method: string, url: URL, body: string, response: ServerResponse): void {
    const json = () => (body ? JSON.parse(body) as Record<string, unknown> : {});
    if (method === 'POST' && url.pathname === '/crm/v3/lists/search') {
      const request = json();
      const query = String(request.query ?? '').toLowerCase();
      const offset = Number(request.offset ?? 0);
      const count = Math.min(Number(request.count ?? 20), 500);
      const matching = this.lists.filter((list) => list.name.toLowerCase().includes(query));
      const page = matching.slice(offset, offset + count);
      return send(response, 200, {
        offset: offset + page.length, hasMore: offset + page.length < matching.length, total: matching.length,
        lists: page.map((list) => ({ ...listView(list), additionalProperties: { hs_list_size: String(list.memberIds.length) } })),
      });
    }
    const list = /^\/crm\/v3\/lists\/([^/]+)(\/memberships)?$/.exec(url.pathname);
    if (method === 'GET' && list) {
      const found = this.lists.find((candidate) => candidate.listId === decodeURIComponent(list[1]!));
      if (!found) return send(response, 404, hubspotError('OBJECT_NOT_FOUND', `List does not exist with listId ${list[1]}`));
      if (!list[2]) return send(response, 200, { list: { ...listView(found), size: found.memberIds.length } });
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 250);
      const after = url.searchParams.get('after');
      const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
      const members = found.memberIds.slice(start, start + limit);
      const next = start + members.length;
      return send(response, 200, {
        results: members.map((recordId) => ({ recordId, membershipTimestamp: '2024-03-01T09:00:00.000Z' })),
        ...(next < found.memberIds.length ? { paging: { next: { after: Buffer.from(String(next)).toString('base64url') } } } : {}),
        total: found.memberIds.length,
      });
    }
    const properties = /^\/crm\/v3\/properties\/(contacts|companies)$/.exec(url.pathname);
    if (method === 'GET' && properties) return send(response, 200, { results: propertyDefinitions(properties[1] as 'contacts' | 'companies') });
    const batch = /^\/crm\/v3\/objects\/(contacts|companies)\/batch\/read$/.exec(url.pathname);
    if (method === 'POST' && batch) {
      const request = json() as { properties?: string[]; inputs?: { id: string }[] };
      const inputs = request.inputs ?? [];
      if (inputs.length > 100) return send(response, 400, hubspotError('VALIDATION_ERROR', 'Batch input cannot exceed 100 inputs.'));
      const records = batch[1] === 'contacts' ? this.contacts : this.companies;
      const byId = new Map(records.map((record) => [record.id, record]));
      const wanted = request.properties ?? [];
      const now = new Date().toISOString();
      const results = inputs.flatMap(({ id }) => {
        const record = byId.get(String(id));
        if (!record) return [];
        const props: Record<string, string | null> = { hs_object_id: record.id, createdate: '2024-01-15T10:30:00.000Z', lastmodifieddate: '2024-03-01T09:00:00.000Z' };
        for (const name of wanted) props[name] = record.properties[name] ?? null;
        return [{ id: record.id, properties: props, createdAt: '2024-01-15T10:30:00.000Z', updatedAt: '2024-03-01T09:00:00.000Z', archived: false }];
      });
      const missing = inputs.map(({ id }) => String(id)).filter((id) => !byId.has(id));
      return send(response, missing.length ? 207 : 200, {
        status: 'COMPLETE', results, startedAt: now, completedAt: now,
        ...(missing.length ? { numErrors: 1, errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Could not get some records', context: { ids: missing } }] } : {}),
      });
    }
    const record = /^\/crm\/v3\/objects\/(contacts|companies)\/([^/]+)$/.exec(url.pathname);
    if (method === 'PATCH' && record) {
      // A record edited in HubSpot (by its users, or by an integration): the properties given replace the record's.
      const found = (record[1] === 'contacts' ? this.contacts : this.companies).find((candidate) => candidate.id === decodeURIComponent(record[2]!));
      if (!found) return send(response, 404, hubspotError('OBJECT_NOT_FOUND', `Object not found. objectId are usually numeric. ${record[2]}`));
      const { properties = {} } = json() as { properties?: Record<string, unknown> };
      for (const [name, value] of Object.entries(properties)) found.properties[name] = value === null ? '' : String(value);
      const at = new Date().toISOString();
      return send(response, 200, { id: found.id, properties: { ...found.properties, hs_object_id: found.id, lastmodifieddate: at }, createdAt: '2024-01-15T10:30:00.000Z', updatedAt: at, archived: false });
    }
    send(response, 404, hubspotError('OBJECT_NOT_FOUND', `No route for ${method} ${url.pathname}`));
  }
}

function listView(list: EmulatedList) {
  return {
    listId: list.listId, listVersion: 1, name: list.name, objectTypeId: list.objectTypeId, processingStatus: 'COMPLETE', processingType: 'MANUAL',
    createdAt: '2024-01-15T10:30:00.000Z', updatedAt: '2024-03-01T09:00:00.000Z', createdById: '42', updatedById: '42',
  };
}

function hubspotError(category: string, message: string) {
  return { status: 'error', message, correlationId: randomUUID(), category };
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const FIRST_NAMES = ['Anna', 'Lukas', 'Marie', 'Jonas', 'Sophie', 'Felix', 'Lena', 'Paul'];
const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker'];

/** The customer file's rows as contacts (ids 1001…), and its named places as companies (ids 5001…). */
function seedRecords(): { contacts: EmulatedRecord[]; companies: EmulatedRecord[] } {
  const [header, ...lines] = readFileSync(CUSTOMERS_FILE, 'utf8').trim().split('\n');
  const columns = header!.split(',');
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i]!, value])) as Record<string, string>);
  const contacts = rows.map((row, i) => ({
    id: String(1001 + i),
    lon: Number(row.lon), lat: Number(row.lat),
    properties: {
      firstname: FIRST_NAMES[i % FIRST_NAMES.length]!, lastname: LAST_NAMES[(i * 3) % LAST_NAMES.length]!, email: `customer${i + 1}@bindlach.example`,
      company: row.name ?? '', address: `${row.street} ${row.housenumber}`, city: row.city!, zip: row.postcode!, country: row.country === 'DE' ? 'Germany' : row.country!,
      // A number to sum on a map (the row's rank, reproducible).
      annualrevenue: String(((i * 7919) % 1000) * 100),
    },
  }));
  const companies = contacts.filter((contact) => contact.properties.company).map((contact, i) => ({
    id: String(5001 + i), lon: contact.lon, lat: contact.lat,
    properties: {
      name: contact.properties.company, address: contact.properties.address, city: contact.properties.city, zip: contact.properties.zip,
      country: contact.properties.country, numberofemployees: String((i % 40) + 1),
    },
  }));
  return { contacts, companies };
}

/** Three lists of the customers and 45 campaign lists, enough for several pages of a search. */
function seedLists(contacts: EmulatedRecord[], companies: EmulatedRecord[]): EmulatedList[] {
  const lists: EmulatedList[] = [
    { listId: '1', name: 'Bindlach customers', objectTypeId: '0-1', memberIds: contacts.map((c) => c.id) },
    { listId: '2', name: 'Heinersreuth customers', objectTypeId: '0-1', memberIds: contacts.filter((c) => (c.properties.city ?? '').startsWith('Heinersreuth')).map((c) => c.id) },
    { listId: '3', name: 'Shops and businesses', objectTypeId: '0-2', memberIds: companies.map((c) => c.id) },
  ];
  for (let n = 1; n <= 45; n += 1) {
    lists.push({ listId: String(100 + n), name: `Campaign ${String(n).padStart(2, '0')}`, objectTypeId: '0-1', memberIds: contacts.slice(n, n + 5).map((c) => c.id) });
  }
  return lists;
}

function propertyDefinitions(objectType: 'contacts' | 'companies') {
  const text = (name: string, label: string, groupName: string) => ({ name, label, type: 'string', fieldType: 'text', groupName, hidden: false, description: '' });
  const number = (name: string, label: string, groupName: string) => ({ name, label, type: 'number', fieldType: 'number', groupName, hidden: false, description: '' });
  const address = [text('address', 'Street Address', `${objectType.slice(0, -1)}information`), text('city', 'City', 'contactinformation'), text('zip', 'Postal Code', 'contactinformation'), text('country', 'Country/Region', 'contactinformation')];
  if (objectType === 'contacts') {
    return [text('firstname', 'First Name', 'contactinformation'), text('lastname', 'Last Name', 'contactinformation'), text('email', 'Email', 'contactinformation'), text('company', 'Company Name', 'contactinformation'), ...address, number('annualrevenue', 'Annual Revenue', 'contactinformation'), { ...text('hs_object_id', 'Record ID', 'contactinformation'), type: 'number' }];
  }
  return [text('name', 'Company name', 'companyinformation'), ...address, number('numberofemployees', 'Number of Employees', 'companyinformation'), { ...text('hs_object_id', 'Record ID', 'companyinformation'), type: 'number' }];
}
