/**
 * Within one process, "a data version just moved on": said by the loaders right after the
 * transaction that moved poi_data_state or territory_data_state committed, so that what this
 * process keeps of the versions (poi/count/count-versions-cache.ts) is dropped before its next
 * request, without waiting for the database's announcement to come back over the LISTEN
 * connection: a count asked after an import returned sees that import.
 */
const listeners = new Set<() => void>();

export function dataVersionsMoved(): void {
  for (const listener of [...listeners]) listener();
}

export function onDataVersionsMoved(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}
