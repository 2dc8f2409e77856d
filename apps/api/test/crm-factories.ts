/** A user's HubSpot connection made as the web app makes it (against the emulator), and a synchronised list awaited to its end. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CrmAuthorizeView, CrmConnectionView, CrmSynchronizedListView } from '@catchment/domain';
import type { TestUser } from './harness.js';
import { call, expectStatus } from './maps-factories.js';

export const OAUTH_REDIRECT = 'http://localhost:3000/app/oauth/hubspot';

/** The Heinersreuth customers (list 2), placed by their address, with three properties kept. */
export const HEINERSREUTH_LIST = {
  listId: '2', address: { street: 'address', postcode: 'zip', city: 'city', country: 'country' }, properties: ['firstname', 'lastname', 'annualrevenue'], operationColumn: 'annualrevenue',
};

/** What the web app does: asks for the authorize URL, the user grants access, the code comes back to /oauth/hubspot. */
export async function connectHubSpot(app: FastifyInstance, user: TestUser): Promise<CrmConnectionView> {
  const { url } = await expectStatus<CrmAuthorizeView>(200, call(app, 'POST', '/crm/connections/hubspot', { as: user, payload: { redirectUri: OAUTH_REDIRECT, state: 'integrations' } }));
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('integrations');
  return expectStatus<CrmConnectionView>(201, call(app, 'POST', '/crm/connections/create', {
    as: user, payload: { type: 'hubspot', code: back.searchParams.get('code'), redirectUri: OAUTH_REDIRECT },
  }));
}

export async function synchronizedList(app: FastifyInstance, user: TestUser, connectionId: number, listId: number): Promise<CrmSynchronizedListView> {
  const lists = await expectStatus<CrmSynchronizedListView[]>(200, call(app, 'GET', `/crm/connections/${connectionId}/synchronizedlists`, { as: user }));
  return lists.find((list) => list.id === listId)!;
}

/** The list once its synchronisation is over; `whileActive` runs at each look while it is not. */
export async function settledList(
  app: FastifyInstance, user: TestUser, connectionId: number, listId: number, whileActive: () => Promise<void> = async () => {},
): Promise<CrmSynchronizedListView> {
  for (let i = 0; i < 240; i += 1) {
    const list = await synchronizedList(app, user, connectionId, listId);
    if (list.status !== 'active') return list;
    await whileActive();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the synchronisation did not end');
}
