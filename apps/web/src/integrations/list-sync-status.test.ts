import { describe, expect, it } from 'vitest';
import { asSentence, listErrorKey, listSyncState } from './list-sync-status.js';

describe("a synchronised list's status", () => {
  it('tells an active or failed synchronisation after an earlier success from a first one', () => {
    const at = '2026-11-27T10:00:00.000Z';
    expect(listSyncState({ status: 'success', lastSuccessAt: at })).toBe('success');
    expect(listSyncState({ status: 'warning', lastSuccessAt: at })).toBe('warning');
    expect(listSyncState({ status: 'active', lastSuccessAt: null })).toBe('active');
    expect(listSyncState({ status: 'active', lastSuccessAt: at })).toBe('activeAfterSuccess');
    expect(listSyncState({ status: 'failed', lastSuccessAt: null })).toBe('failed');
    expect(listSyncState({ status: 'failed', lastSuccessAt: at })).toBe('failedAfterSuccess');
  });

  it("says a failure with the API's message, the data limit in the page's words, anything else generally", () => {
    expect(listErrorKey('CRM_GEOLOCATION')).toBe('errors.crmGeolocation');
    expect(listErrorKey('CRM_CONNECTION_EXPIRED')).toBe('errors.crmConnectionExpired');
    expect(listErrorKey('CRM_DATA_LIMIT_REACHED')).toBe('integrations.crm.lists.errors.dataLimit');
    expect(listErrorKey('INTERNAL_ERROR')).toBe('errors.internal');
    expect(listErrorKey('SOMETHING_NEW')).toBe('integrations.crm.lists.errors.unknown');
    expect(listErrorKey(null)).toBe('integrations.crm.lists.errors.unknown');
  });

  it('ends a message with a full stop before another sentence, once', () => {
    expect(asSentence('The connection to your CRM has expired: reconnect it to go on')).toBe('The connection to your CRM has expired: reconnect it to go on.');
    expect(asSentence('Try again.')).toBe('Try again.');
    expect(asSentence('Vraiment ? ')).toBe('Vraiment ?');
  });
});
