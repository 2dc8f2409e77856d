/**
 * The maps this page is leaving of its user's own accord (a member leaving a shared map from the
 * share dialog), from just before the call until the map's page is gone. Once the member is out,
 * the server tells the sockets following the map that their access is lost, and announces its new
 * version, maybe before the call's answer: for the user who asked to leave that is no news to show,
 * and the map is not to be fetched again (its 404 would flash "not found") while the app takes them home.
 */
const leaving = new Set<number>();

export const mapsLeft = {
  /** Before the call: from now on, the map's loss of access is expected. */
  start(mapId: number): void {
    leaving.add(mapId);
  },
  /** The call failed: the user is still a member, and any loss of access from now on is news. */
  cancel(mapId: number): void {
    leaving.delete(mapId);
  },
  has(mapId: number): boolean {
    return leaving.has(mapId);
  },
  /** The map's page is gone: whether it was being left, which is over. */
  finish(mapId: number): boolean {
    return leaving.delete(mapId);
  },
};
