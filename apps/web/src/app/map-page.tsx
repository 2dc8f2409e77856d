/** /map/:accessId — a saved map, editable by its owner and members, read-only for others (public maps). */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMap } from '../api/maps.js';
import { queryKeys } from '../api/query-keys.js';
import { MapEditor } from './map-editor.js';
import { MapError, MapLoading } from './map-status.js';
import { ReadOnlyBanner } from './read-only-banner.js';
import { usePageTitle } from './page-title.js';
import { useToasts } from './toasts.js';

export function MapPage() {
  const { accessId = '' } = useParams();
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const map = useQuery({
    queryKey: queryKeys.map(accessId),
    queryFn: ({ signal }) => fetchMap(accessId, signal),
    // The editor owns the map once loaded; it is fetched again only after a conflict.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  usePageTitle('titles.map', map.data?.title);

  if (map.isPending) return <MapLoading />;
  if (map.isError) return <MapError error={map.error} onRetry={() => void map.refetch()} />;

  const onConflict = () => {
    // The editor could not put the user's changes on top of the server's map, or no longer knows
    // what the server kept of them (editor-store.ts): the map is read again.
    toasts.show({ message: t('editor.reloadedAfterConflict'), tone: 'error', testId: 'conflict-toast' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.map(accessId) });
  };
  return <MapEditor document={map.data} onConflict={onConflict} banner={map.data.canEdit ? null : <ReadOnlyBanner key={accessId} mapId={map.data.id} />} />;
}
