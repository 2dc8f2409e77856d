/**
 * HubSpot's public API, as documented on developers.hubspot.com, typed for what the CRM module
 * uses: OAuth 2 (the authorize URL, `POST /oauth/v1/token` with an authorisation code or a refresh
 * token, `GET /oauth/v1/access-tokens/{token}` for the account's hub id), CRM lists v3 (search,
 * one list, memberships), properties v3 and the objects' batch read. Every call has a time limit;
 * 429 (after its Retry-After) and 5xx are retried with exponential backoff; whatever still fails is
 * thrown as a DomainError of SPEC §8's CRM errors (details: HubSpot's status, category and
 * correlationId, which its support asks for). A 401 of the CRM API is `crmConnectionExpired` with
 * `details.token: 'access'`: HubSpotSession refreshes the token then and calls again.
 */
import { DomainError, type ErrorName } from '@catchment/domain';
import { retryAfter } from '../../geocoding/remote/remote-request.js';

export interface HubSpotSettings {
  clientId: string;
  clientSecret: string;
  /** Base URL of the API (https://api.hubapi.com), without a trailing slash. */
  apiUrl: string;
  /** The page where a HubSpot user grants access (https://app.hubspot.com/oauth/authorize). */
  authUrl: string;
  /** Per attempt; default 20 s. */
  timeoutMs?: number;
  /** Attempts after the first, for 429, 5xx and no answer; default 3. */
  retries?: number;
  /** First backoff delay, doubled at each retry; default 500 ms. */
  backoffMs?: number;
  /** The longest wait a Retry-After may impose before we give up and answer crmRateLimited; default 10 s. */
  maxRetryAfterMs?: number;
}

/** What the app asks to read: lists, contacts and companies, and their properties (schemas). */
export const HUBSPOT_SCOPES = ['crm.lists.read', 'crm.objects.contacts.read', 'crm.objects.companies.read', 'crm.schemas.contacts.read', 'crm.schemas.companies.read'] as const;

/** HubSpot's object type ids of the records a list may hold that we synchronise. */
export const HUBSPOT_OBJECT_TYPES = { '0-1': 'contacts', '0-2': 'companies' } as const;
export type HubSpotObjectType = (typeof HUBSPOT_OBJECT_TYPES)[keyof typeof HUBSPOT_OBJECT_TYPES];

export interface HubSpotTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops being accepted (the answer's expires_in after the call). */
  expiresAt: Date;
}

export interface HubSpotList {
  listId: string;
  name: string;
  /** '0-1' contacts, '0-2' companies, other ids for other objects. */
  objectTypeId: string;
  processingType?: string;
  /** Members, when HubSpot says (search: additionalProperties.hs_list_size; one list: size). */
  size?: number;
}

export interface HubSpotListPage {
  lists: HubSpotList[];
  hasMore: boolean;
  /** The offset of the next page. */
  offset: number;
  total: number;
}

export interface HubSpotMembershipPage {
  recordIds: string[];
  /** The cursor of the next page; undefined on the last. */
  after: string | undefined;
}

export interface HubSpotProperty {
  name: string;
  label: string;
  /** string, number, date, datetime, enumeration, bool… */
  type: string;
  fieldType?: string;
  groupName?: string;
  hidden?: boolean;
}

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
}

const DEFAULTS = { timeoutMs: 20_000, retries: 3, backoffMs: 500, maxRetryAfterMs: 10_000 };

/** HubSpot's documented error body. */
interface HubSpotErrorBody {
  status?: string;
  message?: string;
  correlationId?: string;
  category?: string;
}

export class HubSpotClient {
  private readonly options: Required<HubSpotSettings>;

  constructor(settings: HubSpotSettings, private readonly sleep: (ms: number) => Promise<void> = delay) {
    this.options = { ...DEFAULTS, ...settings, apiUrl: settings.apiUrl.replace(/\/$/, '') };
  }

  /** Where to send the user to grant access; HubSpot sends them back to redirectUri with ?code&state. */
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(this.options.authUrl);
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** The tokens for an authorisation code; a code HubSpot refuses (used, expired, other redirect URI) is crmCannotConnect. */
  exchangeCode(code: string, redirectUri: string): Promise<HubSpotTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, 'crmCannotConnect');
  }

  /** New tokens for a refresh token; one HubSpot refuses (app uninstalled, access revoked) is crmConnectionExpired. */
  refresh(refreshToken: string): Promise<HubSpotTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'crmConnectionExpired');
  }

  /** The HubSpot account (hub id) an access token belongs to. */
  async hubIdOf(accessToken: string): Promise<number> {
    const body = await this.request<{ hub_id: number }>('GET', `/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`, {});
    return body.hub_id;
  }

  /** Lists whose name contains `query` (all with ''), `count` from `offset`. */
  async searchLists(accessToken: string, query: string, offset: number, count: number): Promise<HubSpotListPage> {
    const body = await this.request<{ lists: RawList[]; hasMore: boolean; offset: number; total: number }>('POST', '/crm/v3/lists/search', {
      accessToken, json: { query, offset, count, additionalProperties: ['hs_list_size'] },
    });
    return { lists: body.lists.map(listOf), hasMore: body.hasMore, offset: body.offset, total: body.total };
  }

  /** One list; crmListNotFound when HubSpot has none of that id. */
  async list(accessToken: string, listId: string): Promise<HubSpotList> {
    const body = await this.request<{ list: RawList }>('GET', `/crm/v3/lists/${encodeURIComponent(listId)}`, { accessToken, notFound: 'crmListNotFound' });
    return listOf(body.list);
  }

  /** A page of a list's member record ids (limit at most 250), from the `after` cursor. */
  async memberships(accessToken: string, listId: string, after: string | undefined, limit: number): Promise<HubSpotMembershipPage> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (after) query.set('after', after);
    const body = await this.request<{ results: { recordId: string }[]; paging?: { next?: { after?: string } } }>(
      'GET', `/crm/v3/lists/${encodeURIComponent(listId)}/memberships?${query}`, { accessToken, notFound: 'crmListNotFound' },
    );
    return { recordIds: body.results.map((member) => String(member.recordId)), after: body.paging?.next?.after };
  }

  /** The properties records of a type carry (name, label, type). */
  async properties(accessToken: string, objectType: HubSpotObjectType): Promise<HubSpotProperty[]> {
    const body = await this.request<{ results: HubSpotProperty[] }>('GET', `/crm/v3/properties/${objectType}`, { accessToken });
    return body.results.map(({ name, label, type, fieldType, groupName, hidden }) => ({ name, label, type, fieldType, groupName, hidden }));
  }

  /** Records by id (at most 100 a call) with the named properties; ids HubSpot does not know are left out. */
  async readRecords(accessToken: string, objectType: HubSpotObjectType, ids: readonly string[], properties: readonly string[]): Promise<HubSpotRecord[]> {
    if (ids.length === 0) return [];
    const body = await this.request<{ results: HubSpotRecord[] }>('POST', `/crm/v3/objects/${objectType}/batch/read`, {
      accessToken, json: { properties, inputs: ids.map((id) => ({ id })) },
    });
    return body.results.map((record) => ({ id: String(record.id), properties: record.properties ?? {} }));
  }

  private async token(form: Record<string, string>, refused: ErrorName): Promise<HubSpotTokens> {
    const requestedAt = Date.now();
    const body = await this.request<{ access_token: string; refresh_token: string; expires_in: number }>('POST', '/oauth/v1/token', {
      form: { ...form, client_id: this.options.clientId, client_secret: this.options.clientSecret }, refused,
    });
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(requestedAt + body.expires_in * 1000) };
  }

  /** One call, retried on 429, 5xx and no answer; anything else but 2xx thrown as a DomainError. */
  private async request<T>(method: string, path: string, call: {
    accessToken?: string; json?: unknown; form?: Record<string, string>;
    /** What a 400/401/403 of this call means (the token endpoint's refusals); default by status. */
    refused?: ErrorName;
    /** What a 404 means; default crmInternal (a path we built wrong). */
    notFound?: ErrorName;
  }): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    const { timeoutMs, retries, backoffMs, maxRetryAfterMs } = this.options;
    // What the server's log may say of the call: never a token (the metadata call has one in its path).
    const logged = `HubSpot ${method} ${path.replace(/(access-tokens\/)[^/?]+/, '$1…')}`;
    for (let attempt = 0; ; attempt += 1) {
      const backoff = backoffMs * 2 ** attempt;
      let response: Response;
      try {
        response = await fetch(`${this.options.apiUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        if (attempt < retries) {
          await this.sleep(backoff);
          continue;
        }
        const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
        throw new DomainError('crmInternal', { details: { reason }, operatorHint: `${logged}: ${reason}` });
      }
      if (response.ok) {
        try {
          return (await response.json()) as T;
        } catch {
          throw new DomainError('crmInternal', { details: { status: response.status, reason: 'unreadable answer' } });
        }
      }
      const error = await errorBody(response);
      const details = { status: response.status, category: error.category, correlationId: error.correlationId };
      if (response.status === 429 || response.status >= 500) {
        const waitSeconds = response.status === 429 ? retryAfter(response.headers.get('retry-after')) : undefined;
        const waitMs = waitSeconds === undefined ? backoff : waitSeconds * 1000;
        if (attempt < retries && waitMs <= maxRetryAfterMs) {
          await this.sleep(waitMs);
          continue;
        }
        if (response.status === 429) throw new DomainError('crmRateLimited', { details, ...(waitSeconds !== undefined ? { retryAfterSeconds: waitSeconds } : {}) });
        throw new DomainError('crmInternal', { details, operatorHint: `${logged}: ${response.status} ${error.message ?? ''}` });
      }
      if (call.refused && response.status >= 400 && response.status < 404) throw new DomainError(call.refused, { details });
      if (response.status === 401) throw new DomainError('crmConnectionExpired', { details: { ...details, token: 'access' } });
      // Missing scopes: the grant does not let us read this; connecting again asks for them.
      if (response.status === 403) throw new DomainError('crmCannotConnect', { details });
      if (response.status === 404 && call.notFound) throw new DomainError(call.notFound, { details });
      throw new DomainError('crmInternal', { details, operatorHint: `${logged}: ${response.status} ${error.message ?? ''}` });
    }
  }
}

interface RawList {
  listId: string | number;
  name: string;
  objectTypeId: string;
  processingType?: string;
  size?: number;
  additionalProperties?: Record<string, string>;
}

function listOf(raw: RawList): HubSpotList {
  const sizeText = raw.additionalProperties?.hs_list_size;
  const size = raw.size ?? (sizeText !== undefined && /^\d+$/.test(sizeText) ? Number(sizeText) : undefined);
  return { listId: String(raw.listId), name: raw.name, objectTypeId: raw.objectTypeId, processingType: raw.processingType, ...(size !== undefined ? { size } : {}) };
}

async function errorBody(response: Response): Promise<HubSpotErrorBody> {
  try {
    return (await response.json()) as HubSpotErrorBody;
  } catch {
    return {};
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
