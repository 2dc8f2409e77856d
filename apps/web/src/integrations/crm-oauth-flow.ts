/**
 * The OAuth round trip of a CRM connection (SPEC §2 /oauth/{crmType}): before the user leaves for
 * the CRM's authorize page, a random state is kept in this tab's sessionStorage with what the trip
 * is for (a first connection, or the reconnection of one); when the CRM sends the user back, the
 * state it carries must be that one (else the answer was not asked for here: nothing is called),
 * and the code is exchanged once (the flow forgotten once its answer is taken).
 */
import type { CrmType } from '@catchment/domain';

const STORAGE_KEY = 'catchment.crm-oauth';
/** A grant older than this is not waited for: the user starts again. */
export const OAUTH_FLOW_MAX_AGE_MS = 30 * 60_000;

export interface CrmOAuthFlow {
  state: string;
  type: CrmType;
  /** The connection being reconnected; null for a first connection. */
  connectionId: number | null;
  startedAt: number;
}

export type CrmOAuthReturn =
  | { kind: 'granted'; flow: CrmOAuthFlow; code: string }
  /** The CRM said no (the user refused, or the app is not accepted): its `error` and description. */
  | { kind: 'refused'; error: string; description: string | null }
  /** No flow started in this tab, another state, or too old: nothing is called. */
  | { kind: 'mismatch' }
  /** Neither a code nor an error: not a CRM's answer. */
  | { kind: 'incomplete' };

/** A state no one can guess: 128 random bits in hex. */
export function randomOAuthState(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  return [...random(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps the flow about to start; the state goes to the CRM with the user. */
export function rememberOAuthFlow(storage: Storage, flow: CrmOAuthFlow): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(flow));
}

function readFlow(storage: Storage): CrmOAuthFlow | null {
  try {
    const flow = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<CrmOAuthFlow> | null;
    if (!flow || typeof flow.state !== 'string' || typeof flow.type !== 'string' || typeof flow.startedAt !== 'number') return null;
    return { state: flow.state, type: flow.type, connectionId: typeof flow.connectionId === 'number' ? flow.connectionId : null, startedAt: flow.startedAt };
  } catch {
    return null;
  }
}

/**
 * What the CRM's answer at /oauth/{type}?code&state (or ?error&error_description) means, checked
 * against the flow this tab started. Reading keeps the flow: forget it (forgetOAuthFlow) once the
 * answer is taken, so that a reload or a second visit never sends the same code again.
 */
export function readOAuthReturn(storage: Storage, type: string, query: URLSearchParams, now = Date.now()): CrmOAuthReturn {
  const flow = readFlow(storage);
  const error = query.get('error');
  if (error) return { kind: 'refused', error, description: query.get('error_description') };
  const code = query.get('code');
  if (!code) return { kind: 'incomplete' };
  const state = query.get('state');
  if (!flow || !state || flow.state !== state || flow.type !== type || now - flow.startedAt > OAUTH_FLOW_MAX_AGE_MS) return { kind: 'mismatch' };
  return { kind: 'granted', flow, code };
}

export function forgetOAuthFlow(storage: Storage): void {
  storage.removeItem(STORAGE_KEY);
}
