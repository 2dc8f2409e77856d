/** What the share dialog lets a user do with a map: the owner everything, a member see, a reader only copy. */
import type { MapDocument } from '@catchment/domain';

export type ShareRole = 'owner' | 'member' | 'reader';

/** The owner is told by the document's ownerId; the members are the others who may edit the map. */
export function shareRole(map: Pick<MapDocument, 'ownerId' | 'canEdit'>, userId: number | undefined): ShareRole {
  if (userId !== undefined && map.ownerId === userId) return 'owner';
  return map.canEdit ? 'member' : 'reader';
}
