/**
 * A member leaves a map shared with them (SPEC §6): they stop being one, the map leaves their list
 * of maps, and the app takes them home, which opens the map they used last of their own (the
 * server never makes a shared map a member's last one) or a new map of theirs.
 *
 * The map is marked as being left before the call (maps-left.ts): the server's word that this user
 * lost access to it, and its new version, may come over the real-time channel before the answer,
 * and are then neither shown as an error nor fetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { removeMapMember } from '../api/map-members.js';
import { queryKeys } from '../api/query-keys.js';
import { mapsLeft } from '../realtime/maps-left.js';

export function useLeaveMap(mapId: number, userId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      mapsLeft.start(mapId);
      try {
        await removeMapMember(mapId, userId);
      } catch (error) {
        mapsLeft.cancel(mapId);
        throw error;
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapsLists });
      navigate('/', { replace: true });
    },
  });
}
