/**
 * A map's members as the share dialog shows and changes them. A change of members is a write of
 * the map (it moves its version on): the open map's document is fetched again after one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMapMember, listMapMembers, removeMapMember } from '../api/map-members.js';
import { queryKeys } from '../api/query-keys.js';

export function useMapMembers(mapId: number) {
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: queryKeys.mapMembers(mapId),
    queryFn: ({ signal }) => listMapMembers(mapId, signal),
  });
  const changed = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.mapMembers(mapId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.mapDocuments }),
  ]);
  const add = useMutation({ mutationFn: (email: string) => addMapMember(mapId, email), onSuccess: changed });
  const remove = useMutation({ mutationFn: (clientId: number) => removeMapMember(mapId, clientId), onSuccess: changed });
  return { members, add, remove };
}
