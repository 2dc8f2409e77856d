/**
 * The HubSpot client against a local server answering as HubSpot documents (test-support/
 * hubspot-emulator.ts): OAuth, lists searched and paged, memberships paged by cursor, properties,
 * records read in batches, and the failures (429 retried after Retry-After, 5xx retried, errors
 * mapped to the CRM errors, an expired access token refreshed, a revoked refresh token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@catchment/domain';
import { HubSpotClient, type HubSpotTokens } from './hubspot-client.js';
import { HubSpotSession } from './hubspot-session.js';
import { EMULATOR_HUB_ID, HubSpotEmulator } from './test-support/hubspot-emulator.js';

const REDIRECT = 'http://localhost:3000/app/oauth/hubspot';

let emulator: HubSpotEmulator;
let client: HubSpotClient;
/** The waits the client asked for between attempts, instead of waiting. */
let waits: number[];

beforeAll(async () => {
  emulator = await new HubSpotEmulator().start();
  client = new HubSpotClient({ ...emulator.settings(), backoffMs: 50 }, async (ms) => {
    waits.push(ms);
  });
});
afterAll(() => emulator.stop());

async function connect(): Promise<HubSpotTokens> {
  return client.exchangeCode(emulator.grant(REDIRECT), REDIRECT);
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('HubSpot OAuth', () => {
  it('sends the user to the authorize page with the client id, redirect URI, scopes and state, and gets a code back', async () => {
    const authorize = new URL(client.authorizeUrl(REDIRECT, 'state-1'));
    expect(authorize.origin + authorize.pathname).toBe(`${emulator.url}/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('emulator-client-id');
    expect(authorize.searchParams.get('scope')).toContain('crm.lists.read');
    const redirect = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    const before = Date.now();
    const tokens = await client.exchangeCode(back.searchParams.get('code')!, REDIRECT);
    expect(tokens.accessToken).toMatch(/^access-/);
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 1800_000);
    expect(await client.hubIdOf(tokens.accessToken)).toBe(EMULATOR_HUB_ID);
  });

  it('refuses a code used twice or given for another redirect URI (cannot connect)', async () => {
    const code = emulator.grant(REDIRECT);
    await client.exchangeCode(code, REDIRECT);
    const again = await rejection(client.exchangeCode(code, REDIRECT));
    expect(again.kind).toBe('crmCannotConnect');
    expect(again.details).toMatchObject({ status: 400 });
    expect((await rejection(client.exchangeCode(emulator.grant(REDIRECT), 'http://elsewhere/'))).kind).toBe('crmCannotConnect');
  });

  it('refreshes an access token, and a refresh token HubSpot no longer knows is an expired connection', async () => {
    const tokens = await connect();
    const refreshed = await client.refresh(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await rejection(client.refresh('refresh-unknown'))).kind).toBe('crmConnectionExpired');
  });
});

describe('HubSpot lists, properties and records', () => {
  it('searches lists by name and pages through them by offset', async () => {
    const { accessToken } = await connect();
    const first = await client.searchLists(accessToken, 'campaign', 0, 20);
    expect(first).toMatchObject({ total: 45, hasMore: true, offset: 20 });
    expect(first.lists[0]).toEqual({ listId: '101', name: 'Campaign 01', objectTypeId: '0-1', processingType: 'MANUAL', size: 5 });
    const pages = [first];
    while (pages.at(-1)!.hasMore) pages.push(await client.searchLists(accessToken, 'campaign', pages.at(-1)!.offset, 20));
    expect(pages.map((page) => page.lists.length)).toEqual([20, 20, 5]);
    expect(new Set(pages.flatMap((page) => page.lists.map((list) => list.listId))).size).toBe(45);
    const customers = await client.searchLists(accessToken, 'Customers', 0, 20);
    expect(customers.lists.map((list) => [list.name, list.size])).toEqual([['Bindlach customers', 797], ['Heinersreuth customers', 104]]);
  });

  it('reads one list, and a list HubSpot does not have is "list not found"', async () => {
    const { accessToken } = await connect();
    expect(await client.list(accessToken, '3')).toMatchObject({ name: 'Shops and businesses', objectTypeId: '0-2' });
    const missing = await rejection(client.list(accessToken, '999'));
    expect(missing.kind).toBe('crmListNotFound');
    expect(missing.details).toMatchObject({ status: 404, category: 'OBJECT_NOT_FOUND', correlationId: expect.any(String) });
    expect((await rejection(client.memberships(accessToken, '999', undefined, 100))).kind).toBe('crmListNotFound');
  });

  it('pages through all 797 members of a list by the after cursor, and reads them 100 at a time with their addresses', async () => {
    const { accessToken } = await connect();
    const ids: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await client.memberships(accessToken, '1', after, 250);
      ids.push(...page.recordIds);
      after = page.after;
      pages += 1;
    } while (after);
    expect(pages).toBe(4);
    expect(ids).toEqual(emulator.contacts.map((contact) => contact.id));
    const records = await client.readRecords(accessToken, 'contacts', ids.slice(0, 100), ['address', 'zip', 'city', 'country']);
    expect(records).toHaveLength(100);
    expect(records[0]).toEqual({ id: '1001', properties: expect.objectContaining({ address: 'Am Ängerlein 1', zip: '95500', city: 'Altenplos', country: 'Germany' }) });
    // Ids HubSpot no longer has (207 multi-status) are left out.
    expect((await client.readRecords(accessToken, 'contacts', ['1001', '99999'], ['city'])).map((record) => record.id)).toEqual(['1001']);
  });

  it("lists a type's properties", async () => {
    const { accessToken } = await connect();
    const properties = await client.properties(accessToken, 'companies');
    expect(properties.map((property) => property.name)).toEqual(expect.arrayContaining(['name', 'address', 'zip', 'city', 'country', 'numberofemployees']));
    expect(properties.find((property) => property.name === 'numberofemployees')).toMatchObject({ label: 'Number of Employees', type: 'number' });
  });
});

describe('HubSpot failures', () => {
  it('retries a 429 after its Retry-After, and a 5xx after a backoff that doubles', async () => {
    const { accessToken } = await connect();
    waits = [];
    emulator.failNext('/crm/v3/lists/search', 429, 1, 2);
    expect((await client.searchLists(accessToken, '', 0, 10)).lists).toHaveLength(10);
    expect(waits).toEqual([2000]);
    waits = [];
    emulator.failNext('/crm/v3/properties', 502, 2);
    expect(await client.properties(accessToken, 'contacts')).not.toHaveLength(0);
    expect(waits).toEqual([50, 100]);
  });

  it('gives up after its retries: a 429 is "rate limited", a 5xx "internal"', async () => {
    const { accessToken } = await connect();
    waits = [];
    emulator.failNext('/crm/v3/lists/search', 429, 4, 1);
    const limited = await rejection(client.searchLists(accessToken, '', 0, 10));
    expect(limited).toMatchObject({ kind: 'crmRateLimited', retryAfterSeconds: 1 });
    expect(waits).toEqual([1000, 1000, 1000]);
    emulator.failNext('/crm/v3/properties', 500, 4);
    expect((await rejection(client.properties(accessToken, 'contacts'))).kind).toBe('crmInternal');
    // A Retry-After longer than we wait is answered at once.
    waits = [];
    emulator.failNext('/crm/v3/lists/search', 429, 1, 3600);
    expect(await rejection(client.searchLists(accessToken, '', 0, 10))).toMatchObject({ kind: 'crmRateLimited', retryAfterSeconds: 3600 });
    expect(waits).toEqual([]);
  });

  it('never puts a token in what the server logs of a failure', async () => {
    const { accessToken } = await connect();
    emulator.failNext('/oauth/v1/access-tokens', 500, 4);
    const failed = await rejection(client.hubIdOf(accessToken));
    expect(failed.kind).toBe('crmInternal');
    expect(failed.operatorHint).toContain('/oauth/v1/access-tokens/…');
    expect(failed.operatorHint).not.toContain(accessToken);
  });

  it('answers "internal" when HubSpot does not answer in time', async () => {
    const silent = new HubSpotClient({ ...emulator.settings(), apiUrl: 'http://127.0.0.1:9', retries: 1, backoffMs: 1 });
    expect((await rejection(silent.properties('x', 'contacts'))).kind).toBe('crmInternal');
  });
});

describe('a HubSpot session', () => {
  it('refreshes an access token HubSpot says has expired, saves the new tokens and calls again', async () => {
    const tokens = await connect();
    const saved: HubSpotTokens[] = [];
    const session = new HubSpotSession(client, tokens, async (fresh) => {
      saved.push(fresh);
    });
    emulator.expireAccessTokens();
    const page = await session.call((token) => client.searchLists(token, 'Bindlach', 0, 10));
    expect(page.lists.map((list) => list.name)).toEqual(['Bindlach customers']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.accessToken).not.toBe(tokens.accessToken);
    expect(saved[0]!.refreshToken).toBe(tokens.refreshToken);
    // The next call uses the saved token, without refreshing again.
    await session.call((token) => client.list(token, '1'));
    expect(saved).toHaveLength(1);
  });

  it('refreshes before calling when the access token is about to expire', async () => {
    const tokens = await connect();
    const saved: HubSpotTokens[] = [];
    const session = new HubSpotSession(client, { ...tokens, expiresAt: new Date(Date.now() + 30_000) }, async (fresh) => {
      saved.push(fresh);
    });
    const before = emulator.requests.length;
    await session.call((token) => client.list(token, '2'));
    expect(emulator.requests.slice(before).map((request) => request.path)).toEqual(['/oauth/v1/token', '/crm/v3/lists/2']);
    expect(saved).toHaveLength(1);
  });

  it('says the connection has expired when HubSpot refuses the refresh token', async () => {
    const session = new HubSpotSession(client, await connect(), async () => {});
    emulator.revokeRefreshTokens();
    expect((await rejection(session.call((token) => client.list(token, '1')))).kind).toBe('crmConnectionExpired');
  });
});
