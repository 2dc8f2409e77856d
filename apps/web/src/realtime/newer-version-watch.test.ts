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
  let watch: NewerVersionWatch;

  beforeEach(() => {
    vi.useFakeTimers();
    shown = 3;
    refetches = 0;
    watch = new NewerVersionWatch({ shownVersion: () => shown, refetch: () => { refetches += 1; } });
  });
  afterEach(() => {
    watch.dispose();
    vi.useRealTimers();
  });

  it('refetches once for a burst of changes by others (SPEC §9: at most every 2 s)', () => {
    watch.announce(4);
    watch.announce(5);
    watch.announce(6);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(1);
    shown = 6;
    watch.announce(7);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(2);
  });

  it('does not refetch for versions already shown, such as our own saves coming back', () => {
    watch.announce(3);
    watch.announce(2);
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
    // Announced before our save's answer arrived: by the end of the window the shown version caught up.
    watch.announce(4);
    shown = 4;
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
  });

  it('forgets a pending refetch once disposed (the map was closed)', () => {
    watch.announce(9);
    watch.dispose();
    vi.advanceTimersByTime(LIST_SYNC_THROTTLE_MS);
    expect(refetches).toBe(0);
  });
});
