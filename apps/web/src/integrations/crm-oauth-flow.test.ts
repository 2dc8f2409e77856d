import { describe, expect, it } from 'vitest';
import { forgetOAuthFlow, OAUTH_FLOW_MAX_AGE_MS, randomOAuthState, readOAuthReturn, rememberOAuthFlow, type CrmOAuthFlow } from './crm-oauth-flow.js';

/** sessionStorage's behaviour, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => { items.delete(key); },
    setItem: (key, value) => { items.set(key, value); },
  };
}

const flow: CrmOAuthFlow = { state: 'a1b2', type: 'hubspot', connectionId: null, startedAt: 1_000_000 };
const query = (params: Record<string, string>) => new URLSearchParams(params);

describe('the OAuth round trip of a CRM connection', () => {
  it('makes a state of 32 hex digits from random bytes', () => {
    expect(randomOAuthState((bytes) => bytes.fill(171))).toBe('ab'.repeat(16));
    expect(randomOAuthState()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomOAuthState()).not.toBe(randomOAuthState());
  });

  it('gives the code when the state is the one this tab kept, with what the flow was for, until forgotten', () => {
    const storage = memoryStorage();
    rememberOAuthFlow(storage, { ...flow, connectionId: 7 });
    expect(readOAuthReturn(storage, 'hubspot', query({ code: 'c0de', state: 'a1b2' }), 1_000_500))
      .toEqual({ kind: 'granted', code: 'c0de', flow: { ...flow, connectionId: 7 } });
    // Forgotten once taken: the same answer again (a reload) calls nothing.
    forgetOAuthFlow(storage);
    expect(readOAuthReturn(storage, 'hubspot', query({ code: 'c0de', state: 'a1b2' }), 1_000_600)).toEqual({ kind: 'mismatch' });
  });

  it('refuses another state, another CRM, a flow started elsewhere or too long ago', () => {
    const cases: [CrmOAuthFlow | null, string, Record<string, string>, number][] = [
      [flow, 'hubspot', { code: 'c', state: 'other' }, 1_000_001],
      [flow, 'hubspot', { code: 'c' }, 1_000_001],
      [flow, 'salesforce', { code: 'c', state: 'a1b2' }, 1_000_001],
      [null, 'hubspot', { code: 'c', state: 'a1b2' }, 1_000_001],
      [flow, 'hubspot', { code: 'c', state: 'a1b2' }, 1_000_000 + OAUTH_FLOW_MAX_AGE_MS + 1],
    ];
    for (const [kept, type, params, now] of cases) {
      const storage = memoryStorage();
      if (kept) rememberOAuthFlow(storage, kept);
      expect(readOAuthReturn(storage, type, query(params), now)).toEqual({ kind: 'mismatch' });
    }
  });

  it('says when the CRM refused, and when the page was opened without an answer', () => {
    const storage = memoryStorage();
    rememberOAuthFlow(storage, flow);
    expect(readOAuthReturn(storage, 'hubspot', query({ error: 'access_denied', error_description: 'The user denied access', state: 'a1b2' })))
      .toEqual({ kind: 'refused', error: 'access_denied', description: 'The user denied access' });
    expect(readOAuthReturn(storage, 'hubspot', query({}))).toEqual({ kind: 'incomplete' });
  });

  it('ignores what it cannot read in the storage', () => {
    const storage = memoryStorage();
    storage.setItem('catchment.crm-oauth', '{not json');
    expect(readOAuthReturn(storage, 'hubspot', query({ code: 'c', state: 'a1b2' }))).toEqual({ kind: 'mismatch' });
  });
});
