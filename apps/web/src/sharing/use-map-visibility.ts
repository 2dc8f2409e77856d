/**
 * The owner makes the map public or private (PATCH /v2/maps/{id}). The open map's document says
 * so at once; it is then fetched again, for the version the change moved on to.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MapDocument } from '@catchment/domain';
import { setMapPublic } from '../api/maps.js';
import { queryKeys } from '../api/query-keys.js';

export function useMapVisibility(map: Pick<MapDocument, 'id' | 'accessId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) => setMapPublic(map.id, isPublic),
    onSuccess: (summary) => {
      queryClient.setQueryData<MapDocument>(queryKeys.map(map.accessId), (document) => document && { ...document, public: summary.public });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapDocuments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapsLists });
    },
  });
}
