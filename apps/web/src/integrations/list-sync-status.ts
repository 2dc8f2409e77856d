/**
 * A synchronised CRM list's status as the page says it (SPEC §4 CRM import status): success,
 * warning (some records not placed), active, active after an earlier success (its points still
 * those of the last one), failed, failed after an earlier success; and the message of its error.
 */
import { ERRORS, type CrmSynchronizedListView, type ErrorName } from '@catchment/domain';

export type ListSyncState = 'success' | 'warning' | 'active' | 'activeAfterSuccess' | 'failed' | 'failedAfterSuccess';

export function listSyncState(list: Pick<CrmSynchronizedListView, 'status' | 'lastSuccessAt'>): ListSyncState {
  const earlier = list.lastSuccessAt !== null;
  if (list.status === 'active') return earlier ? 'activeAfterSuccess' : 'active';
  if (list.status === 'failed') return earlier ? 'failedAfterSuccess' : 'failed';
  return list.status;
}

/**
 * The catalogue key of a failed synchronisation's error code: the page's own wording where the
 * API's message needs the request's details (the data limit's figures), else the API's message,
 * else a general one.
 */
export function listErrorKey(code: string | null): string {
  if (code === ERRORS.crmDataLimitReached.code) return 'integrations.crm.lists.errors.dataLimit';
  const name = (Object.keys(ERRORS) as ErrorName[]).find((entry) => ERRORS[entry].code === code);
  return name ? ERRORS[name].message : 'integrations.crm.lists.errors.unknown';
}

/** The API's messages end without a full stop (they stand alone): one, before another sentence follows. */
export function asSentence(message: string): string {
  return /[.!?…]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}
