import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_SYNC_THROTTLE_MS } from '@catchment/domain';
import { announcedDatasetsVersion, announcedMetricsVersion, announcedSearchesVersion, announcedVersion, NewerVersionWatch } from './newer-version-watch.js';

describe('announcedVersion', () => {
  it('reads the version of a list-sync or a join answer about the map, and nothing else', () => {
    expect(announcedVersion({ event: 'list-sync', data: { mapId: 4, version: 9 } }, 4)).toBe(9);
    expect(announcedVersion({ event: 'joined', data: { mapId: 'aB3_-xYz9Qw1', id: 4, version: 7, searchesVersion: 2 } }, 4)).toBe(7);
    expect(announcedVersion({ event: 'list-sync', data: { mapId: 5, version: 9 } }, 4)).toBeUndefined();
    expect(announcedVersion({ event: 'downloads', data: { count: 2 } }, 4)).toBeUndefined();
    expect(announcedVersion({ event: 'error', data: { code: 'MAP_NOT_FOUND', message: 'Map not found', mapId: 4 } }, 4)).toBeUndefined();
  });
});

describe('announcedSearchesVersion', () => {
  it("reads the searches' version of a list-sync or a join answer about the map, and nothing from a map write's list-sync", () => {
    expect(announcedSearchesVersion({ event: 'list-sync', data: { mapId: 4, version: 9, searchesVersion: 3 } }, 4)).toBe(3);
    expect(announcedSearchesVersion({ event: 'joined', data: { mapId: 4, id: 4, version: 7, searchesVersion: 2 } }, 4)).toBe(2);
    expect(announcedSearchesVersion({ event: 'list-sync', data: { mapId: 4, version: 9 } }, 4)).toBeUndefined();
    expect(announcedSearchesVersion({ event: 'list-sync', data: { mapId: 5, version: 9, searchesVersion: 3 } }, 4)).toBeUndefined();
    expect(announcedSearchesVersion({ event: 'joined', data: { mapId: 5, id: 5, version: 7, searchesVersion: 2 } }, 4)).toBeUndefined();
  });
});

describe('announcedMetricsVersion', () => {
  it("reads the indicators' version of the map's list-sync, and nothing else", () => {
    expect(announcedMetricsVersion({ event: 'list-sync', data: { mapId: 4, version: 9, metricsVersion: 3 } }, 4)).toBe(3);
    expect(announcedMetricsVersion({ event: 'list-sync', data: { mapId: 4, version: 9, searchesVersion: 3 } }, 4)).toBeUndefined();
    expect(announcedMetricsVersion({ event: 'list-sync', data: { mapId: 5, version: 9, metricsVersion: 3 } }, 4)).toBeUndefined();
    expect(announcedMetricsVersion({ event: 'joined', data: { mapId: 4, id: 4, version: 7, searchesVersion: 2 } }, 4)).toBeUndefined();
  });
});

describe('announcedDatasetsVersion', () => {
  it("reads the datasets' version of a list-sync or a join answer about the map, and nothing from other writes' list-syncs", () => {
    expect(announcedDatasetsVersion({ event: 'list-sync', data: { mapId: 4, version: 9, datasetsVersion: 5 } }, 4)).toBe(5);
    expect(announcedDatasetsVersion({ event: 'joined', data: { mapId: 4, id: 4, version: 7, searchesVersion: 2, datasetsVersion: 6 } }, 4)).toBe(6);
    expect(announcedDatasetsVersion({ event: 'list-sync', data: { mapId: 4, version: 9, searchesVersion: 3 } }, 4)).toBeUndefined();
    expect(announcedDatasetsVersion({ event: 'list-sync', data: { mapId: 5, version: 9, datasetsVersion: 3 } }, 4)).toBeUndefined();
    expect(announcedDatasetsVersion({ event: 'datasets', data: { datasetId: 4, status: 'ready', progress: 1 } }, 4)).toBeUndefined();
  });
});

describe('NewerVersionWatch', () => {
  let shown: number;
  let refetches: number;
  let settling: boolean;
  let watch: NewerVersionWatch;

  beforeEach(() => {
    vi.useFakeTimers();
    shown = 3;
    refetches = 0;
    settling = false;
    watch = new NewerVersionWatch({ shownVersion: () => shown, refetch: () => { refetches += 1; }, settling: () => settling });
  });
  afterEach(() => {
    watch.dispose();
    vi.useRealTimers();
  });

  it('refetches at once for the first change by others, without waiting for the window', () => {
    watch.announce(4);
    expect(refetches).toBe(1);
    shown = 4;
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(1);
  });

  it('gathers the changes that follow within the window into one refetch at its end (SPEC §9)', () => {
    watch.announce(4);
    shown = 4;
    watch.announce(5);
    watch.announce(6);
    watch.announce(7);
    expect(refetches).toBe(1);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS - 1);
    expect(refetches).toBe(1);
    vi.advanceTimersByTime(1);
    expect(refetches).toBe(2);
    // That refetch opened a new window: a change right after it waits for the window's end too.
    shown = 7;
    watch.announce(8);
    expect(refetches).toBe(2);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(3);
  });

  it('refetches at once again once a window passed quietly', () => {
    watch.announce(4);
    shown = 4;
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    watch.announce(5);
    expect(refetches).toBe(2);
  });

  it('does not refetch for versions already shown, such as our own saves coming back', () => {
    watch.announce(3);
    watch.announce(2);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
  });

  it("waits while our own saves are in flight: their announcement, arrived before their answer, costs nothing", () => {
    settling = true;
    watch.announce(4);
    expect(refetches).toBe(0);
    shown = 4;
    settling = false;
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
  });

  it("refetches at the window's end a change by others announced while our saves were in flight", () => {
    settling = true;
    watch.announce(5);
    shown = 4;
    settling = false;
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(1);
  });

  it('forgets a pending refetch once disposed (the map was closed)', () => {
    settling = true;
    watch.announce(9);
    watch.dispose();
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
  });
});
